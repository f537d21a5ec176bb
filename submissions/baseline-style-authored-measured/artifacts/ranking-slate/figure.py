"""FigBoard baseline "grounded measurement": task ranking-slate (horizontal-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 360 px at 99.9998 dpi):
#   canvas #1e2430, panel #262d3b (62% of the centre)
#   2 mark colours from 181 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#88c0d0', '#ebcb8b']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#8f99ab',
    'axes.facecolor': '#262d3b',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#aeb7c6',
    'axes.labelsize': 9.0,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 14.0,
    'figure.facecolor': '#1e2430',
    'figure.figsize': (6.4, 3.6),
    'font.size': 12.0,
    'grid.color': '#2a313f',
    'grid.linewidth': 2.16,
    'lines.markersize': 24.4,
    'patch.facecolor': '#88c0d0',
    'savefig.facecolor': '#1e2430',
    'text.color': '#aeb7c6',
    'xtick.bottom': False,
    'xtick.color': '#aeb7c6',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#aeb7c6',
    'xtick.labelsize': 12.0,
    'xtick.top': True,
    'ytick.color': '#aeb7c6',
    'ytick.labelcolor': '#aeb7c6',
    'ytick.labelsize': 12.0,
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
