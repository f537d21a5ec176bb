"""FigBoard baseline "grounded measurement": task boxes-journal (box) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (520 x 360 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (82% of the centre)
#   8 mark colours from 1304 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#86c8a2', '#dc928a', '#cdcdcd', '#239b56', '#1b4f72', '#c0392b', '#57665e', '#b7950b']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#1b1b1b',
    'axes.labelsize': 6.0,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 15.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.2, 3.6),
    'font.size': 6.0,
    'patch.facecolor': '#86c8a2',
    'savefig.facecolor': '#ffffff',
    'text.color': '#1b1b1b',
    'xtick.bottom': True,
    'xtick.color': '#1b1b1b',
    'xtick.labelcolor': '#1b1b1b',
    'xtick.labelsize': 6.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#1b1b1b',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#1b1b1b',
    'ytick.labelsize': 6.0,
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
