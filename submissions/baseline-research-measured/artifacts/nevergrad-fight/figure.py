"""FigBoard baseline "grounded measurement": task nevergrad-fight (heatmap) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #fffdfd (19% of the centre)
#   6 mark colours from 700 exact colours
#   colour map seismic (mean distance 4.4)
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#00004c', '#7f0000', '#0000ae', '#4141ff', '#ff6161', '#ff1515']
CMAP = 'seismic'
RC = {
    'axes.facecolor': '#fffdfd',
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'patch.facecolor': '#00004c',
    'savefig.facecolor': '#ffffff',
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
