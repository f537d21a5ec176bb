"""FigBoard baseline "grounded measurement": task lines538-clean (line) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (81% of the centre)
#   6 mark colours from 1676 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#edc948', '#59a14f', '#f28e2b', '#76b7b2', '#e15759', '#4e79a7']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#555555',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#555555',
    'axes.linewidth': 1.08,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 14.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 10.0,
    'grid.color': '#e2e2e2',
    'grid.linewidth': 1.44,
    'lines.linewidth': 0.72,
    'patch.facecolor': '#edc948',
    'savefig.facecolor': '#ffffff',
    'text.color': '#555555',
    'xtick.bottom': True,
    'xtick.color': '#555555',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#555555',
    'xtick.labelsize': 10.0,
    'xtick.top': False,
    'ytick.color': '#555555',
    'ytick.direction': 'out',
    'ytick.labelcolor': '#555555',
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
    s = np.array(sorted((float(r[1]), float(r[2])) for r in rows if r[0] == n))
    ax.plot(s[:, 0], s[:, 1], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
