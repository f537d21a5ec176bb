"""FigBoard baseline "grounded measurement": task errorbars-editorial (errorbar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (86% of the centre)
#   4 mark colours from 957 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#e9c46a', '#264653', '#2a9d8f', '#999999']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.labelsize': 7.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 8.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 5.0,
    'lines.linewidth': 2.16,
    'lines.markersize': 4.22,
    'patch.facecolor': '#e9c46a',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': False,
    'xtick.color': '#000000',
    'xtick.direction': 'in',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 5.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 10.0,
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


names = uniq(r[0] for r in rows)
fig, ax = plt.subplots()
for n in names:
    d = np.array(sorted(tuple(float(v) for v in r[1:4]) for r in rows if r[0] == n))
    ax.errorbar(d[:, 0], d[:, 1], yerr=d[:, 2], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
