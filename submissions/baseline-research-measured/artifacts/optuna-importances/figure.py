"""FigBoard baseline "grounded measurement": task optuna-importances (horizontal-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (647 x 457 px at 99.9998 dpi):
#   canvas #ffffff, panel #e5e5e5 (80% of the centre)
#   1 mark colours from 183 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#3182bd']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#e5e5e5',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#555555',
    'axes.labelsize': 11.5,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 14.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.47, 4.57),
    'font.size': 10.0,
    'grid.color': '#ffffff',
    'grid.linewidth': 0.72,
    'lines.markersize': 18.28,
    'patch.facecolor': '#3182bd',
    'savefig.facecolor': '#ffffff',
    'text.color': '#555555',
    'xtick.bottom': True,
    'xtick.color': '#555555',
    'xtick.labelcolor': '#555555',
    'xtick.labelsize': 10.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#555555',
    'ytick.labelcolor': '#555555',
    'ytick.labelsize': 11.5,
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
