"""FigBoard baseline "grounded measurement": task curves-slate (line) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 360 px at 99.9998 dpi):
#   canvas #1e2430, panel #262d3b (82% of the centre)
#   4 mark colours from 1284 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#3b4252', '#a3be8c', '#88c0d0', '#bf616a']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#8f99ab',
    'axes.facecolor': '#262d3b',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#aeb7c6',
    'axes.labelsize': 11.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 14.0,
    'figure.facecolor': '#1e2430',
    'figure.figsize': (6.4, 3.6),
    'font.size': 12.0,
    'grid.color': '#2a313f',
    'grid.linewidth': 2.16,
    'lines.linewidth': 2.16,
    'lines.markersize': 3.25,
    'patch.facecolor': '#3b4252',
    'savefig.facecolor': '#1e2430',
    'text.color': '#aeb7c6',
    'xtick.bottom': True,
    'xtick.color': '#aeb7c6',
    'xtick.labelcolor': '#aeb7c6',
    'xtick.labelsize': 12.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#aeb7c6',
    'ytick.labelcolor': '#aeb7c6',
    'ytick.labelsize': 8.0,
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
    s = np.array(sorted((float(r[1]), float(r[2])) for r in rows if r[0] == n))
    ax.plot(s[:, 0], s[:, 1], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
