"""FigBoard baseline "grounded measurement": task lines538 (line) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #f0f0f0, panel #f0f0f0 (65% of the centre)
#   6 mark colours from 1834 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#810f7c', '#e5ae38', '#6d904f', '#fc4f30', '#8b8b8b', '#008fd5']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#cbcbcb',
    'axes.facecolor': '#f0f0f0',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#000000',
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': True,
    'axes.titlesize': 21.5,
    'figure.facecolor': '#f0f0f0',
    'figure.figsize': (6.4, 4.8),
    'font.size': 14.0,
    'grid.color': '#e8e8e8',
    'grid.linewidth': 2.16,
    'lines.linewidth': 3.35,
    'patch.facecolor': '#810f7c',
    'savefig.facecolor': '#f0f0f0',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 14.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 14.0,
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
