"""FigBoard baseline "grounded measurement": task pdsh-marginal (scatter) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (600 x 600 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (64% of the centre)
#   1 mark colours from 174 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#808080']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#424242',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#292929',
    'axes.linewidth': 1.44,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 9.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.0, 6.0),
    'font.size': 10.0,
    'grid.color': '#424242',
    'grid.linewidth': 2.16,
    'lines.markersize': 2.69,
    'patch.facecolor': '#808080',
    'savefig.facecolor': '#ffffff',
    'text.color': '#292929',
    'xtick.bottom': True,
    'xtick.color': '#292929',
    'xtick.labelcolor': '#292929',
    'xtick.labelsize': 10.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#292929',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#292929',
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
    d = np.array([(float(r[1]), float(r[2])) for r in rows if r[0] == n])
    ax.scatter(d[:, 0], d[:, 1], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
