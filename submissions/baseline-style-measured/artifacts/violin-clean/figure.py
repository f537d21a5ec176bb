"""FigBoard baseline "grounded measurement": task violin-clean (violin) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (500 x 400 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (78% of the centre)
#   5 mark colours from 1133 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#76b7b2', '#e15759', '#f28e2b', '#000000', '#4e79a7']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#555555',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#5a5a5a',
    'axes.labelsize': 10.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': True,
    'axes.titlesize': 7.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.0, 4.0),
    'font.size': 10.0,
    'grid.color': '#e2e2e2',
    'grid.linewidth': 1.44,
    'patch.facecolor': '#76b7b2',
    'savefig.facecolor': '#ffffff',
    'text.color': '#5a5a5a',
    'xtick.bottom': True,
    'xtick.color': '#5a5a5a',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#5a5a5a',
    'xtick.labelsize': 10.0,
    'xtick.top': False,
    'ytick.color': '#5a5a5a',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#5a5a5a',
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


labels = uniq(r[0] for r in rows)
data = [[float(r[1]) for r in rows if r[0] == g] for g in labels]
fig, ax = plt.subplots()
parts = ax.violinplot(data)
if PALETTE:
    for i, body in enumerate(parts['bodies']):
        body.set_facecolor(COLORS[i % len(COLORS)])
ax.set_xticks(np.arange(1, len(labels) + 1), labels=labels)
ax.set_xlabel(head[0])
ax.set_ylabel(head[1])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
