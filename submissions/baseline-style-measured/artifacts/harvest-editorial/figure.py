"""FigBoard baseline "grounded measurement": task harvest-editorial (heatmap) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffe5 (19% of the centre)
#   0 mark colours from 158 exact colours
#   colour map gray (mean distance 24.8)
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = None
CMAP = 'gray'
RC = {
    'axes.edgecolor': '#fe9c2b',
    'axes.facecolor': '#ffffe5',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.labelsize': 37.5,
    'axes.linewidth': 2.16,
    'axes.spines.bottom': False,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 37.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 48.5,
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 48.5,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#000000',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 15.0,
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
