"""FigBoard baseline "grounded measurement": task hists-print (histogram) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (560 x 420 px at 99.9998 dpi):
#   canvas #ffffff, panel #b7b7b7 (24% of the centre)
#   2 mark colours from 85 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#e5e5e5', '#6e6e6e']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#060606',
    'axes.facecolor': '#b7b7b7',
    'axes.grid': True,
    'axes.grid.axis': 'x',
    'axes.labelcolor': '#000000',
    'axes.labelsize': 10.0,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': False,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.6, 4.2),
    'font.size': 10.0,
    'grid.color': '#a9a9a9',
    'grid.linewidth': 1.44,
    'lines.markersize': 5.39,
    'patch.facecolor': '#e5e5e5',
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
