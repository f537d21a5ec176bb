"""FigBoard baseline "grounded measurement": task pie-clean (pie) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #e15759 (41% of the centre)
#   3 mark colours from 1536 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#f28e2b', '#4e79a7', '#76b7b2']
CMAP = None
RC = {
    'axes.facecolor': '#e15759',
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'lines.markersize': 3.63,
    'patch.facecolor': '#f28e2b',
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
