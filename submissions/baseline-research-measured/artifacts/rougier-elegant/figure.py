"""FigBoard baseline "grounded measurement": task rougier-elegant (scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (500 x 500 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (71% of the centre)
#   3 mark colours from 2807 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#cbcce4', '#d78f9f', '#a4a6d0']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.labelsize': 10.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 13.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.0, 5.0),
    'font.size': 10.0,
    'lines.markersize': 3.72,
    'patch.facecolor': '#cbcce4',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 10.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 8.5,
    'ytick.left': True,
    'ytick.right': False,
}
if PALETTE:
    RC['axes.prop_cycle'] = plt.cycler(color=PALETTE)
plt.rcParams.update(RC)
COLORS = plt.rcParams['axes.prop_cycle'].by_key()['color']

with open('data.csv', newline='') as f:
    head, *rows = list(csv.reader(f))


def uniq(values):
    return list(dict.fromkeys(values))


def legend_if_many(ax, n):
    if 1 < n <= 12:
        ax.legend()


names = uniq(r[0] for r in rows)
fig, ax = plt.subplots()
for n in names:
    d = np.array([tuple(float(v) for v in r[1:4]) for r in rows if r[0] == n])
    ax.scatter(d[:, 0], d[:, 1], s=d[:, 2], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
