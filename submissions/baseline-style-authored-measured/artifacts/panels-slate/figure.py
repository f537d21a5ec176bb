"""FigBoard baseline "grounded measurement": task panels-slate (multi-panel-scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 450 px at 99.9998 dpi):
#   canvas #1e2430, panel #262d3b (67% of the centre)
#   7 mark colours from 1115 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#3b4252', '#d8dee9', '#a3be8c', '#d08770', '#b48ead', '#000000', '#88c0d0']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#8f99ab',
    'axes.facecolor': '#262d3b',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#aeb7c6',
    'axes.labelsize': 11.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'figure.facecolor': '#1e2430',
    'figure.figsize': (6.4, 4.5),
    'font.size': 12.0,
    'grid.color': '#2a313f',
    'grid.linewidth': 2.16,
    'lines.markersize': 26.4,
    'patch.facecolor': '#3b4252',
    'savefig.facecolor': '#1e2430',
    'text.color': '#aeb7c6',
    'xtick.bottom': True,
    'xtick.color': '#aeb7c6',
    'xtick.labelcolor': '#aeb7c6',
    'xtick.labelsize': 12.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#aeb7c6',
    'ytick.labelcolor': '#aeb7c6',
    'ytick.labelsize': 11.0,
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
