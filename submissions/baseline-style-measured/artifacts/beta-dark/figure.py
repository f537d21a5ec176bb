"""FigBoard baseline "grounded measurement": task beta-dark (histogram) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #000000, panel #000000 (93% of the centre)
#   4 mark colours from 8 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#9895ad', '#c7665c', '#cacb8e', '#f08f79']
CMAP = None
RC = {
    'axes.edgecolor': '#ffffff',
    'axes.facecolor': '#000000',
    'axes.grid': False,
    'axes.labelcolor': '#ffffff',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 11.5,
    'figure.facecolor': '#000000',
    'figure.figsize': (6.4, 4.8),
    'font.size': 10.0,
    'patch.facecolor': '#9895ad',
    'savefig.facecolor': '#000000',
    'text.color': '#ffffff',
    'xtick.bottom': True,
    'xtick.color': '#ffffff',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#ffffff',
    'xtick.labelsize': 10.0,
    'xtick.top': False,
    'ytick.color': '#ffffff',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#ffffff',
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
