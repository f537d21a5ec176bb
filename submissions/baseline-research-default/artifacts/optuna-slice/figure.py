"""FigBoard baseline "default matplotlib style": task optuna-slice (multi-panel-scatter) drawn in matplotlib's defaults."""
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


COLS = 2
panels = uniq(r[0] for r in rows)
nrows = -(-len(panels) // COLS)
fig, axs = plt.subplots(nrows, COLS, squeeze=False)
for ax, p in zip(axs.flat, panels):
    d = np.array([(float(r[1]), float(r[2])) for r in rows if r[0] == p])
    ax.plot(d[:, 0], d[:, 1], 'o')
    ax.set_title(p)
    ax.set_xlabel(head[1])
    ax.set_ylabel(head[2])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
