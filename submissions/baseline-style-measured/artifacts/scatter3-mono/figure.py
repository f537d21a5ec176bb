"""FigBoard baseline "grounded measurement": task scatter3-mono (scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (64% of the centre)
#   4 mark colours from 2657 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#b2d4e7', '#f7e2b2', '#b0b0b0', '#7cc3c4']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#060606',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#0b0b0b',
    'axes.linewidth': 1.44,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 9.0,
    'grid.color': '#fafafa',
    'grid.linewidth': 2.16,
    'lines.markersize': 7.71,
    'patch.facecolor': '#b2d4e7',
    'savefig.facecolor': '#ffffff',
    'text.color': '#0b0b0b',
    'xtick.bottom': True,
    'xtick.color': '#0b0b0b',
    'xtick.labelcolor': '#0b0b0b',
    'xtick.labelsize': 9.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#0b0b0b',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#0b0b0b',
    'ytick.labelsize': 9.0,
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
