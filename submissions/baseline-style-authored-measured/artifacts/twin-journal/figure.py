"""FigBoard baseline "grounded measurement": task twin-journal (dual-axis) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (520 x 360 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (55% of the centre)
#   3 mark colours from 761 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#3d6987', '#c0392b', '#000000']
CMAP = None
RC = {
    'axes.facecolor': '#ffffff',
    'figure.facecolor': '#ffffff',
    'figure.figsize': (5.2, 3.6),
    'lines.linewidth': 13.68,
    'lines.markersize': 29.86,
    'patch.facecolor': '#3d6987',
    'savefig.facecolor': '#ffffff',
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
