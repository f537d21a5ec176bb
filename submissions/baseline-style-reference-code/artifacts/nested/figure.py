# FigBoard baseline "reference code + target data": task nested's reference.py with its data file swapped.
"""Nested donut: group totals on the outer ring, their parts on the inner ring.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/pie_and_polar_charts/nested_pie.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads group, part and amount from a CSV file; colours are taken from tab20c by group
(up to five groups, four shades each); lays the figure out tightly so longer labels stay on the canvas; saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
# --- style ---
SHEET = 'default'
RC = {}
CMAP = 'tab20c'
SIZE = 0.3
EDGE = 'w'
FIGSIZE = (6.4, 4.8)
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
groups = list(dict.fromkeys(r[0] for r in rows))
parts = [[float(r[2]) for r in rows if r[0] == g] for g in groups]
cmap = plt.colormaps[CMAP]
# tab20c holds five hues of four shades; a continuous map is sampled at the same 20 steps.
shade = (lambda i: cmap(i)) if cmap.N <= 20 else (lambda i: cmap((i % 20) / 19))
outer_colors = [shade(4 * g % 20) for g in range(len(groups))]
inner_colors = [shade((4 * g + 1 + k) % 20) for g, ps in enumerate(parts) for k in range(len(ps))]

fig, ax = plt.subplots(figsize=FIGSIZE)
ax.pie([sum(p) for p in parts], radius=1, colors=outer_colors,
       wedgeprops=dict(width=SIZE, edgecolor=EDGE))
ax.pie([v for p in parts for v in p], radius=1 - SIZE, colors=inner_colors,
       wedgeprops=dict(width=SIZE, edgecolor=EDGE))
ax.set(aspect='equal', title=f'{head[2]} by {head[0].lower()} and {head[1].lower()}')
fig.tight_layout()
fig.savefig('output.png', dpi=100)
