"""FigBoard baseline "grounded measurement": task errbars-notebook (errorbar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (600 x 400 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (93% of the centre)
#   5 mark colours from 817 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#d0d0d0', '#5c5c5c', '#0b3d91', '#d1495b', '#edae49']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#2a2a2a',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#000000',
    'axes.labelsize': 8.5,
    'axes.linewidth': 1.44,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.0, 4.0),
    'font.size': 11.0,
    'grid.color': '#f8f8f8',
    'grid.linewidth': 0.72,
    'lines.linewidth': 0.72,
    'lines.markersize': 2.87,
    'patch.facecolor': '#d0d0d0',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 11.0,
    'xtick.top': False,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 11.0,
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
    d = np.array(sorted(tuple(float(v) for v in r[1:4]) for r in rows if r[0] == n))
    ax.errorbar(d[:, 0], d[:, 1], yerr=d[:, 2], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
