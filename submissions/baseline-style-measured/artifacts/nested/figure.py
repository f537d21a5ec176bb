"""FigBoard baseline "grounded measurement": task nested (donut) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (24% of the centre)
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = None
CMAP = None
RC = {
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#e6550d',
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 235.0,
    'savefig.facecolor': '#ffffff',
    'text.color': '#e6550d',
    'xtick.bottom': True,
    'xtick.color': '#e6550d',
    'xtick.labelcolor': '#e6550d',
    'xtick.labelsize': 235.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#e6550d',
    'ytick.labelcolor': '#e6550d',
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


groups = uniq(r[0] for r in rows)
parts = [[float(r[2]) for r in rows if r[0] == g] for g in groups]
fig, ax = plt.subplots()
ax.pie([sum(p) for p in parts], radius=1, labels=groups)
ax.pie([v for p in parts for v in p], radius=0.6)
ax.set_title(head[2])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
