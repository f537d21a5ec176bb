"""FigBoard baseline "grounded measurement": task uncertainty-toolbox-sharpness (histogram) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (832 x 474 px at 99.9998 dpi):
#   canvas #ffffff, panel #fafafa (44% of the centre)
#   4 mark colours from 218 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#a5c8e1', '#e3e3e3', '#75abd0', '#000000']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#777777',
    'axes.facecolor': '#fafafa',
    'axes.grid': True,
    'axes.grid.axis': 'x',
    'axes.labelcolor': '#111518',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': False,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 13.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (8.32, 4.74),
    'font.size': 23.5,
    'grid.color': '#1f77b4',
    'grid.linewidth': 0.72,
    'patch.facecolor': '#a5c8e1',
    'savefig.facecolor': '#ffffff',
    'text.color': '#111518',
    'xtick.bottom': True,
    'xtick.color': '#111518',
    'xtick.labelcolor': '#111518',
    'xtick.labelsize': 23.5,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#111518',
    'ytick.labelcolor': '#111518',
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


groups = uniq(r[0] for r in rows)
fig, ax = plt.subplots()
for g in groups:
    ax.hist([float(r[1]) for r in rows if r[0] == g], bins=25, label=g)
ax.set_xlabel(head[1])
legend_if_many(ax, len(groups))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
