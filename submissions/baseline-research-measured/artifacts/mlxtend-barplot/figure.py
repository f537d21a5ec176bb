"""FigBoard baseline "grounded measurement": task mlxtend-barplot (grouped-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (1200 x 600 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (61% of the centre)
#   4 mark colours from 101 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#7fdede', '#ff7f7f', '#7fbf7f', '#3333ff']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#0c0c0c',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (12.0, 6.0),
    'font.size': 16.0,
    'patch.facecolor': '#7fdede',
    'savefig.facecolor': '#ffffff',
    'text.color': '#0c0c0c',
    'xtick.bottom': True,
    'xtick.color': '#0c0c0c',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#0c0c0c',
    'xtick.labelsize': 16.0,
    'xtick.top': False,
    'ytick.color': '#0c0c0c',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#0c0c0c',
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
series = uniq(r[1] for r in rows)
v = {(r[0], r[1]): float(r[2]) for r in rows}
x = np.arange(len(groups))
w = 0.8 / len(series)
fig, ax = plt.subplots()
for k, s in enumerate(series):
    ax.bar(x + w * (k - (len(series) - 1) / 2), [v.get((g, s), 0.0) for g in groups], w, label=s)
ax.set_xticks(x, groups)
ax.set_ylabel(head[2])
legend_if_many(ax, len(series))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
