"""FigBoard baseline "grounded measurement": task boxcolor-ggplot (box) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #e5e5e5 (86% of the centre)
#   6 mark colours from 49 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#988ed5', '#348abd', '#b8b8b8', '#e24a33', '#000000', '#7a72ab']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#e5e5e5',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#555555',
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 14.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 14.0,
    'grid.color': '#ffffff',
    'grid.linewidth': 0.72,
    'patch.facecolor': '#988ed5',
    'savefig.facecolor': '#ffffff',
    'text.color': '#555555',
    'xtick.bottom': True,
    'xtick.color': '#555555',
    'xtick.labelcolor': '#555555',
    'xtick.labelsize': 14.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#555555',
    'ytick.labelcolor': '#555555',
    'ytick.labelsize': 10.0,
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
