"""FigBoard baseline "default matplotlib style": task survey-ggplot (stacked-bar) drawn in matplotlib's defaults."""
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


cats = uniq(r[0] for r in rows)
series = uniq(r[1] for r in rows)
v = {(r[0], r[1]): float(r[2]) for r in rows}
fig, ax = plt.subplots()
left = np.zeros(len(cats))
for s in series:
    w = np.array([v.get((c, s), 0.0) for c in cats])
    ax.barh(cats, w, left=left, label=s)
    left += w
ax.set_xlabel(head[2])
ax.set_ylabel(head[0])
legend_if_many(ax, len(series))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
