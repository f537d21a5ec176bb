"""FigBoard baseline "grounded measurement": task harvest-solarized (heatmap) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #fdf6e3, panel #0c0786 (16% of the centre)
#   1 mark colours from 107 exact colours
#   colour map magma (mean distance 38.5)
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#201b8f']
CMAP = 'magma'
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#cc5384',
    'axes.facecolor': '#0c0786',
    'axes.grid': True,
    'axes.grid.axis': 'x',
    'axes.labelcolor': '#000000',
    'axes.labelsize': 37.0,
    'axes.linewidth': 1.08,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 36.0,
    'figure.facecolor': '#fdf6e3',
    'figure.figsize': (6.4, 4.8),
    'font.size': 46.5,
    'grid.color': '#3b3598',
    'grid.linewidth': 2.16,
    'lines.markersize': 15.91,
    'patch.facecolor': '#201b8f',
    'savefig.facecolor': '#fdf6e3',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 46.5,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#000000',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 44.5,
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


rl = uniq(r[0] for r in rows)
cl = uniq(r[1] for r in rows)
v = {(r[0], r[1]): float(r[2]) for r in rows}
data = np.array([[v[(a, b)] for b in cl] for a in rl])
fig, ax = plt.subplots()
im = ax.imshow(data, cmap=CMAP)
fig.colorbar(im, ax=ax, label=head[2])
ax.set_xticks(np.arange(len(cl)), labels=cl)
ax.set_yticks(np.arange(len(rl)), labels=rl)
ax.set_xlabel(head[1])
ax.set_ylabel(head[0])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
