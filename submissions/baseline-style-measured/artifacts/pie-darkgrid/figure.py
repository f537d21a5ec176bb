"""FigBoard baseline "grounded measurement": task pie-darkgrid (pie) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #c44e52 (41% of the centre)
#   2 mark colours from 1521 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#55a868', '#4c72b0']
CMAP = None
RC = {
    'axes.facecolor': '#c44e52',
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'lines.markersize': 3.63,
    'patch.facecolor': '#55a868',
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


fig, ax = plt.subplots()
ax.pie([float(r[1]) for r in rows], labels=[r[0] for r in rows])
ax.set_title(head[1])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
