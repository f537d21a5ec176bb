# FigBoard baseline "reference code + target data": task walkers-ggplot's reference.py with its data file swapped.
"""Mean paths with a shaded one-sigma band each.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/lines_bars_and_markers/fill_between_alpha.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads series, x, mean and band limits from a CSV file instead of simulating walkers;
saves output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'ggplot' treatment: the 'ggplot' style sheet (grey panel, white grid, ggplot colours), RdPu colour map.

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
LINEWIDTH = 2
BAND_ALPHA = 0.4
FIGSIZE = (6.4, 4.8)
# treatment 'ggplot':
PALETTE = None
CMAP = 'RdPu'
SHEET = 'ggplot'
RC = {}
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
names = list(dict.fromkeys(r[0] for r in rows))
colors = PALETTE or plt.rcParams['axes.prop_cycle'].by_key()['color']
fig, ax = plt.subplots(figsize=FIGSIZE)
for k, n in enumerate(names):
    d = np.array(sorted(tuple(float(v) for v in r[1:5]) for r in rows if r[0] == n))
    c = colors[k % len(colors)]
    ax.plot(d[:, 0], d[:, 1], lw=LINEWIDTH, label=n, color=c)
    ax.fill_between(d[:, 0], d[:, 2], d[:, 3], facecolor=c, alpha=BAND_ALPHA)
ax.set_title(f'{head[2]} with its one-sigma band')
ax.legend(loc='upper left')
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
ax.grid()
fig.tight_layout()
fig.savefig('output.png', dpi=100)
