# FigBoard baseline "reference code + target data": task population-clean's reference.py with its data file swapped.
"""Stacked area chart with a legend in the upper left.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/lines_bars_and_markers/stackplot_demo.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads series, x and value from a CSV file; labels come from the header; lays the figure out tightly so longer labels stay on the canvas; saves output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'clean' treatment: Liberation Sans, grey frame and ticks, open top/right spines, light grid below the data, Tableau 10 colours, Blues map.

import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = None
ALPHA = 0.8
FIGSIZE = (6.4, 4.8)
# treatment 'clean':
PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1']
CMAP = 'Blues'
SHEET = 'default'
RC = {'font.family': 'Liberation Sans', 'font.size': 11, 'axes.edgecolor': '#555555', 'axes.labelcolor': '#333333', 'xtick.color': '#555555', 'ytick.color': '#555555', 'axes.spines.top': False, 'axes.spines.right': False, 'axes.grid': True, 'grid.color': '#dddddd', 'grid.linewidth': 1.2, 'axes.axisbelow': True, 'axes.prop_cycle': plt.cycler(color=PALETTE)}
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
names = list(dict.fromkeys(r[0] for r in rows))
xs = sorted({float(r[1]) for r in rows})
value = {(r[0], float(r[1])): float(r[2]) for r in rows}
ys = [[value.get((n, x), 0.0) for x in xs] for n in names]

fig, ax = plt.subplots(figsize=FIGSIZE)
kw = {'colors': PALETTE} if PALETTE else {}
ax.stackplot(xs, ys, labels=names, alpha=ALPHA, **kw)
ax.legend(loc='upper left')
ax.set_title(f'{head[2]} by {head[0].lower()}')
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
