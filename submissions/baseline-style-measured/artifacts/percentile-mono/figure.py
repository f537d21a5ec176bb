"""FigBoard baseline "grounded measurement": task percentile-mono (horizontal-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (900 x 700 px at 99.9998 dpi):
#   canvas #ffffff, panel #0072b2 (49% of the centre)
#   2 mark colours from 139 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#dfdfdf', '#2075a5']
CMAP = None
RC = {
    'axes.edgecolor': '#060606',
    'axes.facecolor': '#0072b2',
    'axes.grid': False,
    'axes.labelcolor': '#060606',
    'axes.labelsize': 7.0,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': False,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 5.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (9.0, 7.0),
    'font.size': 6.0,
    'lines.markersize': 9.19,
    'patch.facecolor': '#dfdfdf',
    'savefig.facecolor': '#ffffff',
    'text.color': '#060606',
    'xtick.bottom': True,
    'xtick.color': '#060606',
    'xtick.labelcolor': '#060606',
    'xtick.labelsize': 6.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#060606',
    'ytick.direction': 'in',
    'ytick.labelcolor': '#060606',
    'ytick.labelsize': 11.5,
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


fig, ax = plt.subplots()
ax.barh([r[0] for r in rows], [float(r[1]) for r in rows])
ax.set_xlabel(head[1])
ax.set_ylabel(head[0])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
