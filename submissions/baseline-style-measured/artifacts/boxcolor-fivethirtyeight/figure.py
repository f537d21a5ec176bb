"""FigBoard baseline "grounded measurement": task boxcolor-fivethirtyeight (box) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #f0f0f0, panel #f0f0f0 (85% of the centre)
#   6 mark colours from 34 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#fc4f30', '#e5ae38', '#008fd5', '#bababa', '#b88b2d', '#3182b4']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#cbcbcb',
    'axes.facecolor': '#f0f0f0',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#000000',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': True,
    'axes.titlesize': 5.5,
    'figure.facecolor': '#f0f0f0',
    'figure.figsize': (6.4, 4.8),
    'font.size': 19.0,
    'grid.color': '#e8e8e8',
    'grid.linewidth': 2.16,
    'patch.facecolor': '#fc4f30',
    'savefig.facecolor': '#f0f0f0',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 19.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 12.0,
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


labels = uniq(r[0] for r in rows)
data = [[float(r[1]) for r in rows if r[0] == g] for g in labels]
fig, ax = plt.subplots()
parts = ax.boxplot(data, labels=labels, patch_artist=bool(PALETTE))
if PALETTE:
    for i, box in enumerate(parts['boxes']):
        box.set_facecolor(COLORS[i % len(COLORS)])
ax.set_xlabel(head[0])
ax.set_ylabel(head[1])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
