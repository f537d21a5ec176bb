"""FigBoard baseline "grounded measurement": task pdsh-hist (histogram) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (800 x 600 px at 99.9998 dpi):
#   canvas #ffffff, panel #e6e6e6 (52% of the centre)
#   1 mark colours from 5 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#ec7f7f']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#e6e6e6',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#ee6666',
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (8.0, 6.0),
    'font.size': 16.0,
    'grid.color': '#f7f7f7',
    'grid.linewidth': 0.72,
    'patch.facecolor': '#ec7f7f',
    'savefig.facecolor': '#ffffff',
    'text.color': '#ee6666',
    'xtick.bottom': True,
    'xtick.color': '#ee6666',
    'xtick.labelcolor': '#ee6666',
    'xtick.labelsize': 16.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#ee6666',
    'ytick.labelcolor': '#ee6666',
    'ytick.labelsize': 9.0,
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
