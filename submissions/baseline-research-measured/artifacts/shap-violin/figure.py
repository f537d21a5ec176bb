"""FigBoard baseline "grounded measurement": task shap-violin (violin) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (800 x 470 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (79% of the centre)
#   3 mark colours from 557 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#008bfb', '#333333', '#000000']
CMAP = None
RC = {
    'axes.facecolor': '#ffffff',
    'figure.facecolor': '#ffffff',
    'figure.figsize': (8.0, 4.7),
    'patch.facecolor': '#008bfb',
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


labels = uniq(r[0] for r in rows)
data = [[float(r[1]) for r in rows if r[0] == g] for g in labels]
fig, ax = plt.subplots()
parts = ax.violinplot(data)
if PALETTE:
    for i, body in enumerate(parts['bodies']):
        body.set_facecolor(COLORS[i % len(COLORS)])
ax.set_xticks(np.arange(1, len(labels) + 1), labels=labels)
ax.set_xlabel(head[0])
ax.set_ylabel(head[1])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
