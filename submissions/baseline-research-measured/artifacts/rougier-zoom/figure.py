"""FigBoard baseline "grounded measurement": task rougier-zoom (scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (500 x 400 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (55% of the centre)
#   2 mark colours from 1883 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#ffbe86', '#ff9e49']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.0, 4.0),
    'lines.markersize': 5.3,
    'patch.facecolor': '#ffbe86',
    'savefig.facecolor': '#ffffff',
    'xtick.bottom': True,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.direction': 'out',
    'ytick.left': False,
    'ytick.right': True,
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
    d = np.array([(float(r[1]), float(r[2])) for r in rows if r[0] == n])
    ax.scatter(d[:, 0], d[:, 1], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
