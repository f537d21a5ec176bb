"""FigBoard baseline "grounded measurement": task baselines-results (band) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (600 x 600 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (33% of the centre)
#   10 mark colours from 7685 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#ccccff', '#7abc7a', '#7affff', '#7a7aff', '#ff7a7a', '#cc9494', '#00ffff', '#a3bccc', '#ff0000', '#008000']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.labelsize': 10.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 9.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.0, 6.0),
    'font.size': 10.0,
    'lines.linewidth': 10.25,
    'lines.markersize': 5.3,
    'patch.facecolor': '#ccccff',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 10.0,
    'xtick.top': False,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
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
    line, = ax.plot(d[:, 0], d[:, 1], label=n)
    ax.fill_between(d[:, 0], d[:, 1] - d[:, 2], d[:, 1] + d[:, 2], color=line.get_color(), alpha=0.3)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
