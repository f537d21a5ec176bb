# FigBoard baseline "reference code + target data": task anscombe-fivethirtyeight's reference.py with its data file swapped.
"""A grid of scatter panels with a linear fit and a statistics box each (Anscombe's quartet).

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/showcase/anscombe.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads panel, x and y from a CSV file; the grid has two columns and as many rows as the
panels need (in the example's 6 x 6 inch figure); limits and ticks follow the data; saves output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'fivethirtyeight' treatment: the 'fivethirtyeight' style sheet (grey canvas, bold grid, 538 colours), inferno map.

import csv
import math

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = None          # marker colour; None uses the first colour of the cycle
FIT = dict(color='r', lw=2)
BOX = dict(boxstyle='round', fc='blanchedalmond', ec='orange', alpha=0.5)
STATS_FONT = dict(fontsize=9, family='monospace')
COLS = 2
# treatment 'fivethirtyeight':
PALETTE = None
CMAP = 'inferno'
SHEET = 'fivethirtyeight'
RC = {}
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
panels = list(dict.fromkeys(r[0] for r in rows))
xy = {p: np.array([(float(r[1]), float(r[2])) for r in rows if r[0] == p]) for p in panels}
allxy = np.concatenate(list(xy.values()))
nrows = math.ceil(len(panels) / COLS)
color = (PALETTE or plt.rcParams['axes.prop_cycle'].by_key()['color'])[0]

fig, axs = plt.subplots(nrows, COLS, sharex=True, sharey=True, figsize=(6, 6),
                        gridspec_kw={'wspace': 0.08, 'hspace': 0.08}, squeeze=False)
lo, hi = allxy.min(axis=0), allxy.max(axis=0)
pad = 0.1 * (hi - lo)
axs[0, 0].set(xlim=(lo[0] - pad[0], hi[0] + pad[0]), ylim=(lo[1] - pad[1], hi[1] + 3 * pad[1]))
for ax, p in zip(axs.flat, panels):
    x, y = xy[p][:, 0], xy[p][:, 1]
    ax.text(0.05, 0.93, p, fontsize=20, transform=ax.transAxes, va='top')
    ax.tick_params(direction='in', top=True, right=True)
    ax.plot(x, y, 'o', color=color)
    p1, p0 = np.polyfit(x, y, deg=1)
    ax.axline(xy1=(0, p0), slope=p1, **FIT)
    stats = (f'$\\mu$ = {np.mean(y):.2f}\n'
             f'$\\sigma$ = {np.std(y):.2f}\n'
             f'$r$ = {np.corrcoef(x, y)[0][1]:.2f}')
    ax.text(0.95, 0.07, stats, transform=ax.transAxes, ha='right', bbox=BOX, **STATS_FONT)
for ax in axs[-1]:
    ax.set_xlabel(head[1])
for ax in axs[:, 0]:
    ax.set_ylabel(head[2])
fig.savefig('output.png', dpi=100, bbox_inches='tight')
