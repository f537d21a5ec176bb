"""FigBoard baseline "grounded measurement": task stocks-dark (line) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (600 x 800 px at 99.9998 dpi):
#   canvas #000000, panel #000000 (86% of the centre)
#   6 mark colours from 2912 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#bc82bd', '#81b1d2', '#ffed6f', '#b3de69', '#fa8174', '#ccebc4']
CMAP = None
RC = {
    'axes.facecolor': '#000000',
    'axes.grid': False,
    'axes.labelcolor': '#feffb3',
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 13.0,
    'figure.facecolor': '#000000',
    'figure.figsize': (6.0, 8.0),
    'font.size': 28.5,
    'lines.linewidth': 1.32,
    'patch.facecolor': '#bc82bd',
    'savefig.facecolor': '#000000',
    'text.color': '#feffb3',
    'xtick.bottom': True,
    'xtick.color': '#feffb3',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#feffb3',
    'xtick.labelsize': 28.5,
    'xtick.top': True,
    'ytick.color': '#feffb3',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#feffb3',
    'ytick.labelsize': 15.0,
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
