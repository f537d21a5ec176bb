"""FigBoard baseline "grounded measurement": task curves-journal (line) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (520 x 360 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (93% of the centre)
#   4 mark colours from 1344 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#b7950b', '#c0392b', '#1b4f72', '#239b56']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#282828',
    'axes.labelsize': 7.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 9.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.2, 3.6),
    'font.size': 6.0,
    'lines.linewidth': 2.5,
    'lines.markersize': 3.45,
    'patch.facecolor': '#b7950b',
    'savefig.facecolor': '#ffffff',
    'text.color': '#282828',
    'xtick.bottom': True,
    'xtick.color': '#282828',
    'xtick.labelcolor': '#282828',
    'xtick.labelsize': 6.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#282828',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#282828',
    'ytick.left': False,
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
