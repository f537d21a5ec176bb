"""FigBoard baseline "grounded measurement": task nested-ggplot (donut) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (24% of the centre)
#   3 mark colours from 853 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#fcceca', '#f98bae', '#000000']
CMAP = None
RC = {
    'axes.facecolor': '#ffffff',
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'lines.markersize': 2.57,
    'patch.facecolor': '#fcceca',
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


groups = uniq(r[0] for r in rows)
parts = [[float(r[2]) for r in rows if r[0] == g] for g in groups]
fig, ax = plt.subplots()
ax.pie([sum(p) for p in parts], radius=1, labels=groups)
ax.pie([v for p in parts for v in p], radius=0.6)
ax.set_title(head[2])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
