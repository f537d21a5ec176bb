"""FigBoard baseline "default matplotlib style": task optuna-importances (horizontal-bar) drawn in matplotlib's defaults."""
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


fig, ax = plt.subplots()
ax.barh([r[0] for r in rows], [float(r[1]) for r in rows])
ax.set_xlabel(head[1])
ax.set_ylabel(head[0])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
