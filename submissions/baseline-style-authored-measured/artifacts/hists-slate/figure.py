"""FigBoard baseline "grounded measurement": task hists-slate (histogram) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 360 px at 99.9998 dpi):
#   canvas #1e2430, panel #262d3b (42% of the centre)
#   5 mark colours from 138 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#435967', '#ebcb8b', '#88c0d0', '#bf616a', '#757b71']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#262d3b',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#aeb7c6',
    'axes.labelsize': 11.5,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'figure.facecolor': '#1e2430',
    'figure.figsize': (6.4, 3.6),
    'font.size': 12.0,
    'grid.color': '#2a313f',
    'grid.linewidth': 2.16,
    'lines.markersize': 12.99,
    'patch.facecolor': '#435967',
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
    'ytick.labelsize': 12.0,
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


groups = uniq(r[0] for r in rows)
fig, ax = plt.subplots()
for g in groups:
    ax.hist([float(r[1]) for r in rows if r[0] == g], bins=25, label=g)
ax.set_xlabel(head[1])
legend_if_many(ax, len(groups))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
