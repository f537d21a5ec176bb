"""FigBoard baseline "grounded measurement": task boxcolor (box) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (92% of the centre)
#   3 mark colours from 34 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#ff6347', '#ffa500', '#cdcdcd']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 11.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 14.0,
    'patch.facecolor': '#ff6347',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 14.0,
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
