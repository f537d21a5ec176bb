"""FigBoard baseline "grounded measurement": task beta-mono (histogram) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (94% of the centre)
#   3 mark colours from 23 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#33b18f', '#d694b8', '#ebb233']
CMAP = None
RC = {
    'axes.edgecolor': '#060606',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#0b0b0b',
    'axes.linewidth': 1.44,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 11.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 9.0,
    'patch.facecolor': '#33b18f',
    'savefig.facecolor': '#ffffff',
    'text.color': '#0b0b0b',
    'xtick.bottom': True,
    'xtick.color': '#0b0b0b',
    'xtick.direction': 'in',
    'xtick.labelcolor': '#0b0b0b',
    'xtick.labelsize': 9.0,
    'xtick.top': True,
    'ytick.color': '#0b0b0b',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#0b0b0b',
    'ytick.labelsize': 9.0,
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


groups = uniq(r[0] for r in rows)
fig, ax = plt.subplots()
for g in groups:
    ax.hist([float(r[1]) for r in rows if r[0] == g], bins=25, label=g)
ax.set_xlabel(head[1])
legend_if_many(ax, len(groups))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
