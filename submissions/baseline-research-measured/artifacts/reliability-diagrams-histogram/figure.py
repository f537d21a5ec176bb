"""FigBoard baseline "grounded measurement": task reliability-diagrams-histogram (histogram) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (1200 x 400 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (78% of the centre)
#   2 mark colours from 165 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#1f77b4', '#444444']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'x',
    'axes.labelcolor': '#000000',
    'axes.labelsize': 8.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': False,
    'axes.titlesize': 8.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (12.0, 4.0),
    'font.size': 10.0,
    'grid.color': '#f1f1f1',
    'grid.linewidth': 2.16,
    'lines.markersize': 21.31,
    'patch.facecolor': '#1f77b4',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 10.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 10.0,
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


groups = uniq(r[0] for r in rows)
fig, ax = plt.subplots()
for g in groups:
    ax.hist([float(r[1]) for r in rows if r[0] == g], bins=25, label=g)
ax.set_xlabel(head[1])
legend_if_many(ax, len(groups))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
