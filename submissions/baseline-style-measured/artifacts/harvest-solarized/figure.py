"""FigBoard baseline "grounded measurement": task harvest-solarized (heatmap) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #fdf6e3, panel #0c0786 (16% of the centre)
#   7 mark colours from 2686 exact colours
#   colour map plasma (mean distance 21.8)
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#aa2494', '#e76e5a', '#4c02a1', '#fcaa33', '#eff821', '#000000', '#eee8d5']
CMAP = 'plasma'
RC = {
    'axes.facecolor': '#0c0786',
    'figure.facecolor': '#fdf6e3',
    'figure.figsize': (6.4, 4.8),
    'lines.markersize': 17.27,
    'patch.facecolor': '#aa2494',
    'savefig.facecolor': '#fdf6e3',
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
