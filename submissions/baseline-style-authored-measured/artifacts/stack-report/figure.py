"""FigBoard baseline "grounded measurement": task stack-report (area) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (680 x 420 px at 99.9998 dpi):
#   canvas #fbf8f1, panel #28ad85 (45% of the centre)
#   2 mark colours from 1118 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#4c77b2', '#8b4f97']
CMAP = None
RC = {
    'axes.edgecolor': '#a77eac',
    'axes.facecolor': '#28ad85',
    'axes.grid': False,
    'axes.labelcolor': '#5b5140',
    'axes.labelsize': 10.5,
    'axes.linewidth': 1.8,
    'axes.spines.bottom': True,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': True,
    'figure.facecolor': '#fbf8f1',
    'figure.figsize': (6.8, 4.2),
    'font.size': 11.0,
    'lines.linewidth': 74.12,
    'patch.facecolor': '#4c77b2',
    'savefig.facecolor': '#fbf8f1',
    'text.color': '#5b5140',
    'xtick.bottom': True,
    'xtick.color': '#5b5140',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#5b5140',
    'xtick.labelsize': 11.0,
    'xtick.top': False,
    'ytick.color': '#5b5140',
    'ytick.labelcolor': '#5b5140',
    'ytick.labelsize': 11.0,
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
