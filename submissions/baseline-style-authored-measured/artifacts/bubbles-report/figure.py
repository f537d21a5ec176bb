"""FigBoard baseline "grounded measurement": task bubbles-report (scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (680 x 420 px at 99.9998 dpi):
#   canvas #fbf8f1, panel #fbf8f1 (92% of the centre)
#   4 mark colours from 1287 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#57bd9c', '#a474aa', '#7393c0', '#000000']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#5b5140',
    'axes.facecolor': '#fbf8f1',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#5b5140',
    'axes.labelsize': 8.5,
    'axes.linewidth': 1.08,
    'axes.spines.bottom': True,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': True,
    'axes.titlesize': 10.0,
    'figure.facecolor': '#fbf8f1',
    'figure.figsize': (6.8, 4.2),
    'font.size': 11.0,
    'grid.color': '#e2dbca',
    'grid.linewidth': 1.44,
    'lines.markersize': 13.35,
    'patch.facecolor': '#57bd9c',
    'savefig.facecolor': '#fbf8f1',
    'text.color': '#5b5140',
    'xtick.bottom': True,
    'xtick.color': '#5b5140',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#5b5140',
    'xtick.labelsize': 11.0,
    'xtick.top': True,
    'ytick.color': '#5b5140',
    'ytick.direction': 'out',
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


names = uniq(r[0] for r in rows)
fig, ax = plt.subplots()
for n in names:
    d = np.array([tuple(float(v) for v in r[1:4]) for r in rows if r[0] == n])
    ax.scatter(d[:, 0], d[:, 1], s=d[:, 2], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
