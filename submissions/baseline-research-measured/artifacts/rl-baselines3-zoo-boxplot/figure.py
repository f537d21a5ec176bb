"""FigBoard baseline "grounded measurement": task rl-baselines3-zoo-boxplot (box) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (79% of the centre)
#   1 mark colours from 27 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#dd8452']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#d2d2d2',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#262626',
    'axes.linewidth': 1.44,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 14.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 15.0,
    'grid.color': '#f5f5f5',
    'grid.linewidth': 2.16,
    'lines.markersize': 22.62,
    'patch.facecolor': '#dd8452',
    'savefig.facecolor': '#ffffff',
    'text.color': '#262626',
    'xtick.bottom': True,
    'xtick.color': '#262626',
    'xtick.labelcolor': '#262626',
    'xtick.labelsize': 15.0,
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
