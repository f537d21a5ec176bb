"""FigBoard baseline "grounded measurement": task pie-darkgrid (pie) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #c44e52 (41% of the centre)
#   2 mark colours from 204 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#55a868', '#8172b2']
CMAP = None
RC = {
    'axes.facecolor': '#c44e52',
    'axes.grid': False,
    'axes.labelcolor': '#c44e52',
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 130.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 47.5,
    'patch.facecolor': '#55a868',
    'savefig.facecolor': '#ffffff',
    'text.color': '#c44e52',
    'xtick.bottom': True,
    'xtick.color': '#c44e52',
    'xtick.labelcolor': '#c44e52',
    'xtick.labelsize': 47.5,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#c44e52',
    'ytick.labelcolor': '#c44e52',
    'ytick.labelsize': 131.5,
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
