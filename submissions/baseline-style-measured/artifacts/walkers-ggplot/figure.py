"""FigBoard baseline "grounded measurement": task walkers-ggplot (band) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #ffffff, panel #9d9ba9 (79% of the centre)
#   4 mark colours from 570 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#9ec0d5', '#348abd', '#e3a79d', '#e24a33']
CMAP = None
RC = {
    'axes.edgecolor': '#e5e5e5',
    'axes.facecolor': '#9d9ba9',
    'axes.grid': False,
    'axes.labelcolor': '#555555',
    'axes.labelsize': 7.5,
    'axes.linewidth': 1.44,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': True,
    'axes.spines.top': False,
    'axes.titlesize': 14.5,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (6.4, 4.8),
    'font.size': 5.0,
    'lines.linewidth': 10.25,
    'lines.markersize': 14.77,
    'patch.facecolor': '#9ec0d5',
    'savefig.facecolor': '#ffffff',
    'text.color': '#555555',
    'xtick.bottom': True,
    'xtick.color': '#555555',
    'xtick.labelcolor': '#555555',
    'xtick.labelsize': 5.0,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.color': '#555555',
    'ytick.labelcolor': '#555555',
    'ytick.labelsize': 10.0,
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
