"""FigBoard baseline "grounded measurement": task walkers-fivethirtyeight (band) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (640 x 480 px at 99.9998 dpi):
#   canvas #f0f0f0, panel #bb989c (72% of the centre)
#   5 mark colours from 680 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#f4afa3', '#fc4f30', '#008fd5', '#90c9e5', '#dbdbdb']
CMAP = None
RC = {
    'axes.facecolor': '#bb989c',
    'axes.grid': False,
    'axes.labelcolor': '#000000',
    'axes.labelsize': 17.5,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 21.5,
    'figure.facecolor': '#f0f0f0',
    'figure.figsize': (6.4, 4.8),
    'font.size': 14.0,
    'lines.linewidth': 7.92,
    'lines.markersize': 11.73,
    'patch.facecolor': '#f4afa3',
    'savefig.facecolor': '#f0f0f0',
    'text.color': '#000000',
    'xtick.bottom': False,
    'xtick.color': '#000000',
    'xtick.direction': 'out',
    'xtick.labelcolor': '#000000',
    'xtick.labelsize': 14.0,
    'xtick.top': True,
    'ytick.color': '#000000',
    'ytick.labelcolor': '#000000',
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
    d = np.array(sorted(tuple(float(v) for v in r[1:5]) for r in rows if r[0] == n))
    line, = ax.plot(d[:, 0], d[:, 1], label=n)
    ax.fill_between(d[:, 0], d[:, 2], d[:, 3], color=line.get_color(), alpha=0.3)
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
legend_if_many(ax, len(names))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
