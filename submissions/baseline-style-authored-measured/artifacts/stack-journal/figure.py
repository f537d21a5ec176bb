"""FigBoard baseline "grounded measurement": task stack-journal (area) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (520 x 360 px at 99.9998 dpi):
#   canvas #ffffff, panel #c64d40 (48% of the centre)
#   2 mark colours from 416 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#39a567', '#326080']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#c64d40',
    'axes.grid': False,
    'axes.labelcolor': '#282828',
    'axes.labelsize': 7.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': False,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.2, 3.6),
    'font.size': 6.0,
    'lines.linewidth': 9.66,
    'lines.markersize': 8.86,
    'patch.facecolor': '#39a567',
    'savefig.facecolor': '#ffffff',
    'text.color': '#282828',
    'xtick.bottom': True,
    'xtick.color': '#282828',
    'xtick.labelcolor': '#282828',
    'xtick.labelsize': 6.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#282828',
    'ytick.labelcolor': '#282828',
    'ytick.labelsize': 7.0,
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
