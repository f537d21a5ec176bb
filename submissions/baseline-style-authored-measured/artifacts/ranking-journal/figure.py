"""FigBoard baseline "grounded measurement": task ranking-journal (horizontal-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (520 x 360 px at 99.9998 dpi):
#   canvas #ffffff, panel #1b4f72 (54% of the centre)
#   0 mark colours from 61 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = None
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#1b4f72',
    'axes.grid': False,
    'axes.labelcolor': '#0c0c0c',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': False,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 19.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.2, 3.6),
    'font.size': 23.5,
    'savefig.facecolor': '#ffffff',
    'text.color': '#0c0c0c',
    'xtick.bottom': True,
    'xtick.color': '#0c0c0c',
    'xtick.labelcolor': '#0c0c0c',
    'xtick.labelsize': 23.5,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#0c0c0c',
    'ytick.labelcolor': '#0c0c0c',
    'ytick.labelsize': 7.0,
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


fig, ax = plt.subplots()
ax.barh([r[0] for r in rows], [float(r[1]) for r in rows])
ax.set_xlabel(head[1])
ax.set_ylabel(head[0])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
