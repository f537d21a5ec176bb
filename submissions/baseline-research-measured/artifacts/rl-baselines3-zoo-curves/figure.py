"""FigBoard baseline "grounded measurement": task rl-baselines3-zoo-curves (band) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (76% of the centre)
#   6 mark colours from 2217 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#a5b8d7', '#c44e52', '#edc1a8', '#55a868', '#4c72b0', '#b69082']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#d2d2d2',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#262626',
    'axes.labelsize': 14.5,
    'axes.linewidth': 1.44,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 11.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 13.0,
    'grid.color': '#f5f5f5',
    'grid.linewidth': 2.16,
    'lines.linewidth': 2.5,
    'lines.markersize': 10.75,
    'patch.facecolor': '#a5b8d7',
    'savefig.facecolor': '#ffffff',
    'text.color': '#262626',
    'xtick.bottom': True,
    'xtick.color': '#262626',
    'xtick.labelcolor': '#262626',
    'xtick.labelsize': 13.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#262626',
    'ytick.labelcolor': '#262626',
    'ytick.labelsize': 12.0,
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
    d = np.array(sorted(tuple(float(v) for v in r[1:4]) for r in rows if r[0] == n))
    line, = ax.plot(d[:, 0], d[:, 1], label=n)
    ax.fill_between(d[:, 0], d[:, 1] - d[:, 2], d[:, 1] + d[:, 2], color=line.get_color(), alpha=0.3)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
