"""FigBoard baseline "grounded measurement": task penguins-dark (grouped-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #000000, panel #000000 (75% of the centre)
#   4 mark colours from 195 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#bfbbd9', '#feffb3', '#8dd3c7', '#a2a2a2']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#ffffff',
    'axes.facecolor': '#000000',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#ffffff',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 11.5,
    'figure.facecolor': '#000000',
    'figure.figsize': (6.4, 4.8),
    'font.size': 14.0,
    'grid.color': '#1f1f1f',
    'grid.linewidth': 2.16,
    'lines.markersize': 2.22,
    'patch.facecolor': '#bfbbd9',
    'savefig.facecolor': '#000000',
    'text.color': '#ffffff',
    'xtick.bottom': True,
    'xtick.color': '#ffffff',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#ffffff',
    'xtick.labelsize': 14.0,
    'xtick.top': False,
    'ytick.color': '#ffffff',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#ffffff',
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
