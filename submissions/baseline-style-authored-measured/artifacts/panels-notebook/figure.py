"""FigBoard baseline "grounded measurement": task panels-notebook (multi-panel-scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (600 x 500 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (89% of the centre)
#   6 mark colours from 1173 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#d0d0d0', '#00798c', '#edae49', '#66a182', '#d1495b', '#151515']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#2a2a2a',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#000000',
    'axes.labelsize': 10.5,
    'axes.linewidth': 1.44,
    'axes.spines.bottom': False,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': False,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.0, 5.0),
    'font.size': 11.0,
    'grid.color': '#2a2a2a',
    'grid.linewidth': 1.44,
    'patch.facecolor': '#d0d0d0',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 11.0,
    'xtick.top': True,
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


COLS = 3
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
