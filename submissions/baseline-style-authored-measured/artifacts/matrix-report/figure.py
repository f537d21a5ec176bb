"""FigBoard baseline "grounded measurement": task matrix-report (heatmap) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (680 x 420 px at 99.9998 dpi):
#   canvas #fbf8f1, panel #ffffcc (11% of the centre)
#   2 mark colours from 1745 exact colours
#   colour map YlOrRd (mean distance 4.6)
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#fff3af', '#800026']
CMAP = 'YlOrRd'
RC = {
    'axes.facecolor': '#ffffcc',
    'figure.facecolor': '#fbf8f1',
    'figure.figsize': (6.8, 4.2),
    'lines.markersize': 2.3,
    'patch.facecolor': '#fff3af',
    'savefig.facecolor': '#fbf8f1',
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
