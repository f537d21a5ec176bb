"""FigBoard baseline "grounded measurement": task bands-slate (band) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 360 px at 99.9998 dpi):
#   canvas #1e2430, panel #262d3b (63% of the centre)
#   4 mark colours from 1368 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#514f4c', '#bf616a', '#ebcb8b', '#88c0d0']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#3b4252',
    'axes.facecolor': '#262d3b',
    'axes.grid': True,
    'axes.grid.axis': 'both',
    'axes.labelcolor': '#aeb7c6',
    'axes.labelsize': 11.5,
    'axes.linewidth': 0.72,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'figure.facecolor': '#1e2430',
    'figure.figsize': (6.4, 3.6),
    'font.size': 12.0,
    'grid.color': '#2a313f',
    'grid.linewidth': 2.16,
    'lines.linewidth': 5.04,
    'lines.markersize': 4.63,
    'patch.facecolor': '#514f4c',
    'savefig.facecolor': '#1e2430',
    'text.color': '#aeb7c6',
    'xtick.bottom': True,
    'xtick.color': '#aeb7c6',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#aeb7c6',
    'xtick.labelsize': 12.0,
    'xtick.top': False,
    'ytick.color': '#aeb7c6',
    'ytick.labelcolor': '#aeb7c6',
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
    d = np.array(sorted(tuple(float(v) for v in r[1:5]) for r in rows if r[0] == n))
    line, = ax.plot(d[:, 0], d[:, 1], label=n)
    ax.fill_between(d[:, 0], d[:, 2], d[:, 3], color=line.get_color(), alpha=0.3)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
