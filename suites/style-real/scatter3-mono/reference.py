"""Translucent scatter groups with marker sizes from the data, a legend and a grid.

Adapted for FigBoard from the Matplotlib gallery example
galleries/examples/lines_bars_and_markers/scatter_with_legend.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads group, x, y and size from a CSV file instead of drawing them; groups take the
cycle's colours; lays the figure out tightly so longer labels stay on the canvas; saves output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'mono' treatment: monospace type, inward ticks on all four sides, heavier frame, Okabe-Ito colours, frameless legend, cividis map.

import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = ['tab:blue', 'tab:orange', 'tab:green']
ALPHA = 0.3
FIGSIZE = (6.4, 4.8)
# treatment 'mono':
PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442']
CMAP = 'cividis'
SHEET = 'default'
RC = {'font.family': 'DejaVu Sans Mono', 'font.size': 9, 'xtick.direction': 'in', 'ytick.direction': 'in', 'xtick.top': True, 'ytick.right': True, 'axes.linewidth': 1.4, 'legend.frameon': False, 'axes.prop_cycle': plt.cycler(color=PALETTE)}
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
names = list(dict.fromkeys(r[0] for r in rows))
colors = PALETTE or plt.rcParams['axes.prop_cycle'].by_key()['color']
fig, ax = plt.subplots(figsize=FIGSIZE)
for k, n in enumerate(names):
    d = np.array([tuple(float(v) for v in r[1:4]) for r in rows if r[0] == n])
    ax.scatter(d[:, 0], d[:, 1], c=colors[k % len(colors)], s=d[:, 2], label=n, alpha=ALPHA,
               edgecolors='none')
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
ax.legend()
ax.grid(True)
fig.tight_layout()
fig.savefig('output.png', dpi=100)
