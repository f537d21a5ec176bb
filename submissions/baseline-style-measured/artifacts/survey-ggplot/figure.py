"""FigBoard baseline "grounded measurement": task survey-ggplot (stacked-bar) in matplotlib's
default construction, with the style measured from reference.png's pixels."""
# Measured (817 x 437 px at 99.9998 dpi):
#   canvas #ffffff, panel #e5e5e5 (48% of the centre)
#   4 mark colours from 505 exact colours
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

PALETTE = ['#840178', '#fbaeb9', '#ca208d', '#f767a1']
CMAP = None
RC = {
    'axes.facecolor': '#e5e5e5',
    'axes.grid': False,
    'axes.spines.bottom': False,
    'axes.spines.left': False,
    'axes.spines.right': False,
    'axes.spines.top': False,
    'axes.titlesize': 10.0,
    'figure.facecolor': '#ffffff',
    'figure.figsize': (8.17, 4.37),
    'lines.markersize': 2.44,
    'patch.facecolor': '#840178',
    'savefig.facecolor': '#ffffff',
    'xtick.bottom': True,
    'xtick.major.size': 0,
    'xtick.top': False,
    'ytick.labelsize': 13.0,
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


cats = uniq(r[0] for r in rows)
series = uniq(r[1] for r in rows)
v = {(r[0], r[1]): float(r[2]) for r in rows}
fig, ax = plt.subplots()
left = np.zeros(len(cats))
for s in series:
    w = np.array([v.get((c, s), 0.0) for c in cats])
    ax.barh(cats, w, left=left, label=s)
    left += w
ax.set_xlabel(head[2])
ax.set_ylabel(head[0])
legend_if_many(ax, len(series))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
