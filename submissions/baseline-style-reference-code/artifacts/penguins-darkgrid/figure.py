# FigBoard baseline "reference code + target data": task penguins-darkgrid's reference.py with its data file swapped.
"""Grouped bar chart with value labels on every bar.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/lines_bars_and_markers/barchart.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads group, series and value from a CSV file; bar width and y limit follow the data;
saves output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'darkgrid' treatment: seaborn's 'darkgrid' and 'deep' sheets (grey panel, white grid, deep colours), crest-like PuBuGn map.

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
FIGSIZE = (6.4, 4.8)
LEGEND = dict(loc='upper left')
# treatment 'darkgrid':
PALETTE = None
CMAP = 'PuBuGn'
SHEET = ['seaborn-v0_8-darkgrid', 'seaborn-v0_8-deep']
RC = {}
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
groups = list(dict.fromkeys(r[0] for r in rows))
series = list(dict.fromkeys(r[1] for r in rows))
value = {(r[0], r[1]): float(r[2]) for r in rows}
x = np.arange(len(groups))
width = 0.8 / (len(series) + 0.4)

fig, ax = plt.subplots(figsize=FIGSIZE, layout='constrained')
if PALETTE:
    ax.set_prop_cycle(color=PALETTE)
for k, s in enumerate(series):
    vals = [value.get((g, s), 0.0) for g in groups]
    rects = ax.bar(x + width * k, vals, width, label=s)
    ax.bar_label(rects, fmt='%.0f', padding=3, fontsize='small')
ax.set_ylabel(head[2])
ax.set_title(f'{head[0]} attributes')
ax.set_xticks(x + width * (len(series) - 1) / 2, groups)
ax.legend(ncols=min(3, len(series)), **LEGEND)
vmax = max(value.values())
vmin = min(0.0, min(value.values()))
ax.set_ylim(vmin * 1.15, vmax * (1.15 + 0.12 * ((len(series) - 1) // 3 + 1)))
fig.savefig('output.png', dpi=100)
