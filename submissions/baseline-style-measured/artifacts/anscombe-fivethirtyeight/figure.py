"""FigBoard baseline "grounded measurement": task anscombe-fivethirtyeight (multi-panel-scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (624 x 558 px at 99.9998 dpi):
#   canvas #f0f0f0, panel #f0f0f0 (81% of the centre)
#   4 mark colours from 942 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#ff0000', '#008fd5', '#e5dbcc', '#0f0e0d']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#cbcbcb',
    'axes.facecolor': '#f0f0f0',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#000000',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#f0f0f0',
    'figure.figsize': (6.24, 5.58),
    'font.size': 14.0,
    'grid.color': '#e8e8e8',
    'grid.linewidth': 2.16,
    'lines.markersize': 19.04,
    'patch.facecolor': '#ff0000',
    'savefig.facecolor': '#f0f0f0',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 14.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 14.0,
    'ytick.left': True,
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


COLS = 2
panels = uniq(r[0] for r in rows)
nrows = -(-len(panels) // COLS)
fig, axs = plt.subplots(nrows, COLS, squeeze=False)
for ax, p in zip(axs.flat, panels):
    d = np.array([(float(r[1]), float(r[2])) for r in rows if r[0] == p])
    ax.plot(d[:, 0], d[:, 1], 'o')
    ax.set_title(p)
    ax.set_xlabel(head[1])
    ax.set_ylabel(head[2])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
