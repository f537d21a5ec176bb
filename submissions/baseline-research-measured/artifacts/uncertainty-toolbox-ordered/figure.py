"""FigBoard baseline "grounded measurement": task uncertainty-toolbox-ordered (errorbar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (460 x 474 px at 99.9998 dpi):
#   canvas #ffffff, panel #fafafa (65% of the centre)
#   5 mark colours from 724 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#8cb8d6', '#e3e3e3', '#1f77b4', '#ff7f0e', '#000000']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#777777',
    'axes.facecolor': '#fafafa',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#333333',
    'axes.labelsize': 13.0,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'axes.titlesize': 10.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (4.6, 4.74),
    'font.size': 13.0,
    'grid.color': '#f5f5f5',
    'grid.linewidth': 2.16,
    'lines.linewidth': 0.72,
    'lines.markersize': 7.06,
    'patch.facecolor': '#8cb8d6',
    'savefig.facecolor': '#ffffff',
    'text.color': '#333333',
    'xtick.bottom': True,
    'xtick.color': '#333333',
    'xtick.labelcolor': '#333333',
    'xtick.labelsize': 13.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#333333',
    'ytick.labelcolor': '#333333',
    'ytick.labelsize': 14.0,
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
    ax.errorbar(d[:, 0], d[:, 1], yerr=d[:, 2], label=n)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
