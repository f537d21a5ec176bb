"""FigBoard baseline "grounded measurement": task rliable-intervals (interval-estimate) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (1059 x 269 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (88% of the centre)
#   6 mark colours from 164 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#42b696', '#e6ab44', '#1b1b1b', '#d89acc', '#205a4a', '#725521']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'x',
    'axes.labelcolor': '#000000',
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 9.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (10.59, 2.69),
    'font.size': 14.0,
    'grid.color': '#ebebeb',
    'grid.linewidth': 0.72,
    'lines.markersize': 23.53,
    'patch.facecolor': '#42b696',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 14.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 20.5,
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
