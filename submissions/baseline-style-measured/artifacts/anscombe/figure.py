"""FigBoard baseline "grounded measurement": task anscombe (multi-panel-scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (529 x 520 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (85% of the centre)
#   5 mark colours from 831 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#1f77b4', '#ff0000', '#ffce77', '#7f7f7f', '#0f0f0e']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#000000',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.29, 5.2),
    'font.size': 10.0,
    'grid.color': '#f1f1f1',
    'grid.linewidth': 2.16,
    'lines.markersize': 6.75,
    'patch.facecolor': '#1f77b4',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 10.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#000000',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 10.0,
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
