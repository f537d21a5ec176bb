"""FigBoard baseline "default matplotlib style": task optuna-hypervolume (line) drawn in matplotlib's defaults."""
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
