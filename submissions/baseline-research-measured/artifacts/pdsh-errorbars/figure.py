"""FigBoard baseline "grounded measurement": task pdsh-errorbars (errorbar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (69% of the centre)
#   1 mark colours from 21 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#000000']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#cccccc',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#262626',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 10.0,
    'grid.color': '#fcfcfc',
    'grid.linewidth': 2.16,
    'lines.linewidth': 3.83,
    'lines.markersize': 6.35,
    'patch.facecolor': '#000000',
    'savefig.facecolor': '#ffffff',
    'text.color': '#262626',
    'xtick.bottom': True,
    'xtick.color': '#262626',
    'xtick.labelcolor': '#262626',
    'xtick.labelsize': 10.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#262626',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#262626',
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
    d = np.array(sorted(tuple(float(v) for v in r[1:4]) for r in rows if r[0] == n))
    ax.errorbar(d[:, 0], d[:, 1], yerr=d[:, 2], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
