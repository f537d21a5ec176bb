# FigBoard baseline "reference code + target data": task lines538-clean's reference.py with its data file swapped.
"""Several noisy lines in the 'fivethirtyeight' style.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/style_sheets/fivethirtyeight.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads series, x and y from a CSV file instead of drawing them; saves output.png.
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
SHEET = 'fivethirtyeight'
RC = {}
PALETTE = None
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
fig, ax = plt.subplots(figsize=FIGSIZE)
if PALETTE:
    ax.set_prop_cycle(color=PALETTE)
for n in names:
    s = np.array(sorted((float(r[1]), float(r[2])) for r in rows if r[0] == n))
    ax.plot(s[:, 0], s[:, 1])
ax.set_title(f'{head[2]} against {head[1]}')
fig.tight_layout()
fig.savefig('output.png', dpi=100)
