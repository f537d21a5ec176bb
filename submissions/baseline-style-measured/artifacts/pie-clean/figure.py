"""FigBoard baseline "grounded measurement": task pie-clean (pie) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #e15759 (41% of the centre)
#   1 mark colours from 220 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#f28e2b']
CMAP = None
RC = {
    'axes.facecolor': '#e15759',
    'axes.grid': False,
    'axes.labelcolor': '#e15759',
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 131.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 50.5,
    'patch.facecolor': '#f28e2b',
    'savefig.facecolor': '#ffffff',
    'text.color': '#e15759',
    'xtick.bottom': True,
    'xtick.color': '#e15759',
    'xtick.labelcolor': '#e15759',
    'xtick.labelsize': 50.5,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#e15759',
    'ytick.labelcolor': '#e15759',
    'ytick.labelsize': 124.5,
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
ax.pie([float(r[1]) for r in rows], labels=[r[0] for r in rows])
ax.set_title(head[1])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
