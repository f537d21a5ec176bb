"""FigBoard baseline "grounded measurement": task population-clean (area) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #e7797a (52% of the centre)
#   4 mark colours from 442 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#f4a455', '#91c5c1', '#6b8eb2', '#e2e2e2']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#e7797a',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#555555',
    'axes.labelsize': 7.5,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 13.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 10.0,
    'grid.color': '#e17374',
    'grid.linewidth': 1.44,
    'lines.linewidth': 32.9,
    'patch.facecolor': '#f4a455',
    'savefig.facecolor': '#ffffff',
    'text.color': '#555555',
    'xtick.bottom': True,
    'xtick.color': '#555555',
    'xtick.labelcolor': '#555555',
    'xtick.labelsize': 10.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#555555',
    'ytick.labelcolor': '#555555',
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
