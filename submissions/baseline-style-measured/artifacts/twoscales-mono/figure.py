"""FigBoard baseline "grounded measurement": task twoscales-mono (dual-axis) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (96% of the centre)
#   3 mark colours from 490 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#e69f00', '#0072b2', '#7f7f7f']
CMAP = None
RC = {
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.labelsize': 8.5,
    'axes.linewidth': 1.44,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 9.0,
    'lines.linewidth': 0.72,
    'patch.facecolor': '#e69f00',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': True,
    'xtick.color': '#000000',
    'xtick.direction': 'in',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 9.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.direction': 'in',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 9.0,
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


d = np.array(sorted(tuple(float(v) for v in r[:3]) for r in rows))
fig, ax1 = plt.subplots()
ax1.plot(d[:, 0], d[:, 1])
ax1.set_xlabel(head[0])
ax1.set_ylabel(head[1])
ax2 = ax1.twinx()
ax2.plot(d[:, 0], d[:, 2])
ax2.set_ylabel(head[2])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
