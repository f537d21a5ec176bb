"""FigBoard baseline "default matplotlib style": task twin-print (dual-axis) drawn in matplotlib's defaults."""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = None
CMAP = None
RC = {}
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
