"""FigBoard baseline "grounded measurement": task population-bmh (area) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #9183b4 (54% of the centre)
#   4 mark colours from 592 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#b43450', '#688f4a', '#a7a3b2', '#599ec6']
CMAP = None
RC = {
    'axes.edgecolor': '#eeeeee',
    'axes.facecolor': '#9183b4',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.labelsize': 9.0,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': True,
    'axes.spines.top': False,
    'axes.titlesize': 14.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 10.0,
    'lines.linewidth': 22.05,
    'patch.facecolor': '#b43450',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 10.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#000000',
    'ytick.labelcolor': '#000000',
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


names = uniq(r[0] for r in rows)
xs = sorted({float(r[1]) for r in rows})
v = {(r[0], float(r[1])): float(r[2]) for r in rows}
fig, ax = plt.subplots()
ax.stackplot(xs, [[v.get((n, x), 0.0) for x in xs] for n in names], labels=names)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
