"""FigBoard baseline "grounded measurement": task stocks (line) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (600 x 800 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (84% of the centre)
#   7 mark colours from 2591 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#c9c9c9', '#ff9896', '#2ca02c', '#ff7f0e', '#d62728', '#1f77b4', '#9467bd']
CMAP = None
RC = {
    'axes.facecolor': '#ffffff',
    'axes.grid': False,
    'axes.labelcolor': '#98df8a',
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 13.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.0, 8.0),
    'font.size': 29.5,
    'lines.linewidth': 1.32,
    'patch.facecolor': '#c9c9c9',
    'savefig.facecolor': '#ffffff',
    'text.color': '#98df8a',
    'xtick.bottom': True,
    'xtick.color': '#98df8a',
    'xtick.labelcolor': '#98df8a',
    'xtick.labelsize': 29.5,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#98df8a',
    'ytick.labelcolor': '#98df8a',
    'ytick.labelsize': 17.0,
    'ytick.left': True,
    'ytick.major.size': 0,
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
