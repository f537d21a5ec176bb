"""FigBoard baseline "grounded measurement": task percentile (horizontal-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (900 x 700 px at 99.9998 dpi):
#   canvas #ffffff, panel #1f77b4 (49% of the centre)
#   1 mark colours from 135 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#dfdfdf']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#1f77b4',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.labelsize': 7.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': False,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 11.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (9.0, 7.0),
    'font.size': 7.0,
    'lines.markersize': 9.19,
    'patch.facecolor': '#dfdfdf',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 7.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 12.5,
    'ytick.left': True,
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
