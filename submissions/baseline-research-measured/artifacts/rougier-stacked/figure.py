"""FigBoard baseline "grounded measurement": task rougier-stacked (area) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (800 x 400 px at 99.9998 dpi):
#   canvas #ffffff, panel #37474f (19% of the centre)
#   7 mark colours from 4750 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#263238', '#455a64', '#f57f17', '#607d8b', '#90a4ae', '#fbc02d', '#ffee58']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#37474f',
    'axes.grid': True,
    'axes.grid.axis': 'x',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (8.0, 4.0),
    'grid.color': '#000000',
    'grid.linewidth': 1.44,
    'lines.linewidth': 94.73,
    'lines.markersize': 2.63,
    'patch.facecolor': '#263238',
    'savefig.facecolor': '#ffffff',
    'xtick.bottom': True,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.left': True,
    'ytick.major.size': 0,
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
xs = sorted({float(r[1]) for r in rows})
v = {(r[0], float(r[1])): float(r[2]) for r in rows}
fig, ax = plt.subplots()
ax.stackplot(xs, [[v.get((n, x), 0.0) for x in xs] for n in names], labels=names)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
