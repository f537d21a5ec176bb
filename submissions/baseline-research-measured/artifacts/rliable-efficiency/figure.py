"""FigBoard baseline "grounded measurement": task rliable-efficiency (band) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (649 x 477 px at 99.9998 dpi):
#   canvas #ffffff, panel #ffffff (50% of the centre)
#   4 mark colours from 1979 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#cce3ef', '#d55e00', '#029e73', '#0173b2']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#000000',
    'axes.facecolor': '#ffffff',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#000000',
    'axes.linewidth': 2.16,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.49, 4.77),
    'font.size': 18.0,
    'grid.color': '#efefef',
    'grid.linewidth': 0.72,
    'lines.linewidth': 6.62,
    'lines.markersize': 23.6,
    'patch.facecolor': '#cce3ef',
    'savefig.facecolor': '#ffffff',
    'text.color': '#000000',
    'xtick.bottom': False,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 18.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.labelcolor': '#000000',
    'ytick.labelsize': 18.0,
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
