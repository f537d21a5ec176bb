"""FigBoard baseline "grounded measurement": task errorbars-solarized (errorbar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #fdf6e3, panel #eee8d5 (80% of the centre)
#   4 mark colours from 993 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#859900', '#268bd2', '#3fa89e', '#59564f']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.facecolor': '#eee8d5',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#657b83',
    'axes.labelsize': 11.5,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 17.0,
    'figure.facecolor': '#fdf6e3',
    'figure.figsize': (6.4, 4.8),
    'font.size': 10.0,
    'grid.color': '#fdf6e3',
    'grid.linewidth': 0.72,
    'lines.linewidth': 2.16,
    'lines.markersize': 5.14,
    'patch.facecolor': '#859900',
    'savefig.facecolor': '#fdf6e3',
    'text.color': '#657b83',
    'xtick.bottom': True,
    'xtick.color': '#657b83',
    'xtick.labelcolor': '#657b83',
    'xtick.labelsize': 10.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#657b83',
    'ytick.labelcolor': '#657b83',
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
    d = np.array(sorted(tuple(float(v) for v in r[1:4]) for r in rows if r[0] == n))
    ax.errorbar(d[:, 0], d[:, 1], yerr=d[:, 2], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
