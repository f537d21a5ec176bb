"""FigBoard baseline "grounded measurement": task bars-report (grouped-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (680 x 420 px at 99.9998 dpi):
#   canvas #fbf8f1, panel #fbf8f1 (28% of the centre)
#   5 mark colours from 202 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#7f3c8d', '#3969ac', '#11a579', '#000000', '#08543e']
CMAP = None
RC = {
    'axes.edgecolor': '#1e191f',
    'axes.facecolor': '#fbf8f1',
    'axes.grid': False,
    'axes.labelcolor': '#5b5140',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': False,
    'axes.titlesize': 21.5,
    'figure.facecolor': '#fbf8f1',
    'figure.figsize': (6.8, 4.2),
    'font.size': 14.0,
    'patch.facecolor': '#7f3c8d',
    'savefig.facecolor': '#fbf8f1',
    'text.color': '#5b5140',
    'xtick.bottom': True,
    'xtick.color': '#5b5140',
    'xtick.direction': 'in',
    'xtick.labelcolor': '#5b5140',
    'xtick.labelsize': 14.0,
    'xtick.top': True,
    'ytick.color': '#5b5140',
    'ytick.direction': 'in',
    'ytick.labelcolor': '#5b5140',
    'ytick.labelsize': 11.0,
    'ytick.left': False,
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
