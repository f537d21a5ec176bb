"""FigBoard baseline "grounded measurement": task errbars-report (errorbar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (680 x 420 px at 99.9998 dpi):
#   canvas #fbf8f1, panel #fbf8f1 (93% of the centre)
#   5 mark colours from 792 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#cec7b7', '#11a579', '#3969ac', '#7f3c8d', '#000000']
CMAP = None
RC = {
    'axes.axisbelow': True,
    'axes.edgecolor': '#5b5140',
    'axes.facecolor': '#fbf8f1',
    'axes.grid': True,
    'axes.grid.axis': 'y',
    'axes.labelcolor': '#5b5140',
    'axes.labelsize': 8.5,
    'axes.linewidth': 1.08,
    'axes.spines.bottom': True,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': True,
    'figure.facecolor': '#fbf8f1',
    'figure.figsize': (6.8, 4.2),
    'font.size': 11.0,
    'grid.color': '#e2dbca',
    'grid.linewidth': 1.44,
    'lines.linewidth': 0.72,
    'lines.markersize': 12.4,
    'patch.facecolor': '#cec7b7',
    'savefig.facecolor': '#fbf8f1',
    'text.color': '#5b5140',
    'xtick.bottom': True,
    'xtick.color': '#5b5140',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#5b5140',
    'xtick.labelsize': 11.0,
    'xtick.top': False,
    'ytick.color': '#5b5140',
    'ytick.labelcolor': '#5b5140',
    'ytick.labelsize': 11.0,
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
