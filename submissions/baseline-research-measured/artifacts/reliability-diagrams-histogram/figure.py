"""FigBoard baseline "grounded measurement": task reliability-diagrams-histogram (histogram) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (1200 x 400 px at 99.9998 dpi):
#   canvas #ffffff, panel #eaeaf2 (63% of the centre)
#   2 mark colours from 260 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#4c72b0', '#444444']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#eaeaf2',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#262626',
    'axes.labelsize': 9.0,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 11.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (12.0, 4.0),
    'font.size': 12.0,
    'grid.color': '#eeeef4',
    'grid.linewidth': 2.16,
    'lines.markersize': 23.43,
    'patch.facecolor': '#4c72b0',
    'savefig.facecolor': '#ffffff',
    'text.color': '#262626',
    'xtick.bottom': True,
    'xtick.color': '#262626',
    'xtick.labelcolor': '#262626',
    'xtick.labelsize': 12.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#262626',
    'ytick.labelcolor': '#262626',
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


groups = uniq(r[0] for r in rows)
fig, ax = plt.subplots()
for g in groups:
    ax.hist([float(r[1]) for r in rows if r[0] == g], bins=25, label=g)
ax.set_xlabel(head[1])
legend_if_many(ax, len(groups))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
