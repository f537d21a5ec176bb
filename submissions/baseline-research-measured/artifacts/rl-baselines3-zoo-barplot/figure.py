"""FigBoard baseline "grounded measurement": task rl-baselines3-zoo-barplot (grouped-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (35% of the centre)
#   5 mark colours from 164 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#5f9e6e', '#b55d60', '#5975a4', '#d5a081', '#424242']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#d2d2d2',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#262626',
    'axes.linewidth': 1.44,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 14.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 18.0,
    'grid.color': '#f5f5f5',
    'grid.linewidth': 2.16,
    'patch.facecolor': '#5f9e6e',
    'savefig.facecolor': '#ffffff',
    'text.color': '#262626',
    'xtick.bottom': True,
    'xtick.color': '#262626',
    'xtick.labelcolor': '#262626',
    'xtick.labelsize': 18.0,
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
