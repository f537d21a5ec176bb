"""FigBoard baseline "grounded measurement": task optuna-slice (multi-panel-scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (775 x 481 px at 99.9998 dpi):
#   canvas #ffffff, panel #e5e5e5 (70% of the centre)
#   4 mark colours from 2103 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#08306b', '#3181bd', '#bed8ec', '#65aad4']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#e5e5e5',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#555555',
    'axes.labelsize': 9.0,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 9.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (7.75, 4.81),
    'font.size': 10.0,
    'grid.color': '#ffffff',
    'grid.linewidth': 0.72,
    'lines.markersize': 5.14,
    'patch.facecolor': '#08306b',
    'savefig.facecolor': '#ffffff',
    'text.color': '#555555',
    'xtick.bottom': True,
    'xtick.color': '#555555',
    'xtick.labelcolor': '#555555',
    'xtick.labelsize': 10.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#555555',
    'ytick.labelcolor': '#555555',
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
