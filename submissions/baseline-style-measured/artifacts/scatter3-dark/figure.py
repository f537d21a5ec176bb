"""FigBoard baseline "grounded measurement": task scatter3-dark (scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #000000, panel #000000 (64% of the centre)
#   3 mark colours from 2739 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#393841', '#6e6d66', '#a2a2a2']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#ffffff',
    'axes.facecolor': '#000000',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#ffffff',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#000000',
    'figure.figsize': (6.4, 4.8),
    'font.size': 10.0,
    'grid.color': '#0d0d0d',
    'grid.linewidth': 2.16,
    'lines.markersize': 7.27,
    'patch.facecolor': '#393841',
    'savefig.facecolor': '#000000',
    'text.color': '#ffffff',
    'xtick.bottom': True,
    'xtick.color': '#ffffff',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#ffffff',
    'xtick.labelsize': 10.0,
    'xtick.top': False,
    'ytick.color': '#ffffff',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#ffffff',
    'ytick.labelsize': 10.0,
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
