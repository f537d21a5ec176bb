"""FigBoard baseline "grounded measurement": task percentile-solarized (horizontal-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (900 x 700 px at 99.9998 dpi):
#   canvas #fdf6e3, panel #268bd2 (49% of the centre)
#   3 mark colours from 169 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#d5d0c2', '#3a88bf', '#000000']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#eee8d5',
    'axes.facecolor': '#268bd2',
    'axes.grid': True,
    'axes.grid.axis': 'x',
    'axes.labelcolor': '#657b83',
    'axes.labelsize': 7.5,
    'axes.linewidth': 1.44,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': True,
    'axes.titlesize': 14.0,
    'figure.facecolor': '#fdf6e3',
    'figure.figsize': (9.0, 7.0),
    'font.size': 5.0,
    'grid.color': '#eee8d5',
    'grid.linewidth': 2.52,
    'lines.markersize': 3.25,
    'patch.facecolor': '#d5d0c2',
    'savefig.facecolor': '#fdf6e3',
    'text.color': '#657b83',
    'xtick.bottom': True,
    'xtick.color': '#657b83',
    'xtick.labelcolor': '#657b83',
    'xtick.labelsize': 5.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#657b83',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#657b83',
    'ytick.labelsize': 12.5,
    'ytick.left': True,
    'ytick.right': True,
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
