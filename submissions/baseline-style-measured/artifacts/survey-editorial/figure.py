"""FigBoard baseline "grounded measurement": task survey-editorial (stacked-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (811 x 433 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (47% of the centre)
#   4 mark colours from 845 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#2a9d8f', '#264653', '#e76f51', '#e9c46a']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 7.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (8.11, 4.33),
    'patch.facecolor': '#2a9d8f',
    'savefig.facecolor': '#ffffff',
    'xtick.bottom': True,
    'xtick.major.size': 0,
    'xtick.top': False,
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


cats = uniq(r[0] for r in rows)
series = uniq(r[1] for r in rows)
v = {(r[0], r[1]): float(r[2]) for r in rows}
fig, ax = plt.subplots()
left = np.zeros(len(cats))
for s in series:
    w = np.array([v.get((c, s), 0.0) for c in cats])
    ax.barh(cats, w, left=left, label=s)
    left += w
ax.set_xlabel(head[2])
ax.set_ylabel(head[0])
legend_if_many(ax, len(series))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
