"""FigBoard baseline "grounded measurement": task rougier-loglog (line) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (600 x 600 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (71% of the centre)
#   5 mark colours from 1844 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#a6a6a6', '#1f77b4', '#2ca02c', '#ff7f0e', '#1f1f1f']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#000000',
    'axes.labelsize': 14.0,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 10.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.0, 6.0),
    'font.size': 12.0,
    'grid.color': '#e4e4e4',
    'grid.linewidth': 0.72,
    'lines.linewidth': 0.72,
    'lines.markersize': 2.3,
    'patch.facecolor': '#a6a6a6',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 12.0,
    'xtick.top': False,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
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
    s = np.array(sorted((float(r[1]), float(r[2])) for r in rows if r[0] == n))
    ax.plot(s[:, 0], s[:, 1], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
