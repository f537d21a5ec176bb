"""FigBoard baseline "grounded measurement": task anscombe-bmh (multi-panel-scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (530 x 521 px at 99.9998 dpi):
#   canvas #ffffff, panel #eeeeee (71% of the centre)
#   5 mark colours from 930 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#348abd', '#ff0000', '#e1d7c8', '#767676', '#0f0e0d']
CMAP = None
RC = {
    'axes.edgecolor': '#bcbcbc',
    'axes.facecolor': '#eeeeee',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.3, 5.21),
    'font.size': 10.0,
    'lines.markersize': 6.75,
    'patch.facecolor': '#348abd',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'in',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 10.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.direction': 'in',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 10.0,
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
