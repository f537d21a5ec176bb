"""FigBoard baseline "grounded measurement": task scienceplots-dark (line) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (655 x 499 px at 200 dpi):
#   canvas #000000, panel #000000 (92% of the centre)
#   8 mark colours from 2358 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#0d49fb', '#fec32d', '#25d7fd', '#e6091c', '#313131', '#26eb47', '#7f7f7f', '#8936df']
CMAP = None
RC = {
    'axes.edgecolor': '#ffffff',
    'axes.facecolor': '#000000',
    'axes.grid': False,
    'axes.labelcolor': '#ffffff',
    'axes.labelsize': 10.5,
    'axes.linewidth': 0.36,
    'axes.spines.bottom': True,
    'axes.spines.left': True,
    'axes.spines.right': True,
    'axes.spines.top': True,
    'figure.facecolor': '#000000',
    'figure.figsize': (3.28, 2.5),
    'font.size': 10.5,
    'lines.linewidth': 0.66,
    'lines.markersize': 10.25,
    'patch.facecolor': '#0d49fb',
    'savefig.facecolor': '#000000',
    'text.color': '#ffffff',
    'xtick.bottom': True,
    'xtick.color': '#ffffff',
    'xtick.direction': 'in',
    'xtick.labelcolor': '#ffffff',
    'xtick.labelsize': 10.5,
    'xtick.top': True,
    'ytick.color': '#ffffff',
    'ytick.direction': 'in',
    'ytick.labelcolor': '#ffffff',
    'ytick.labelsize': 8.0,
    'ytick.left': True,
    'ytick.right': True,
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
