"""FigBoard baseline "grounded measurement": task optuna-history (scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (620 x 470 px at 99.9998 dpi):
#   canvas #ffffff, panel #e5e5e5 (59% of the centre)
#   5 mark colours from 682 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#2ca02c', '#1f77b4', '#f2b179', '#8f7b60', '#816329']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#e5e5e5',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#555555',
    'axes.labelsize': 9.0,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 14.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.2, 4.7),
    'font.size': 10.0,
    'grid.color': '#ffffff',
    'grid.linewidth': 0.72,
    'lines.markersize': 6.03,
    'patch.facecolor': '#2ca02c',
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
    'ytick.labelsize': 10.0,
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
fig, ax = plt.subplots()
for n in names:
    d = np.array([(float(r[1]), float(r[2])) for r in rows if r[0] == n])
    ax.scatter(d[:, 0], d[:, 1], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
