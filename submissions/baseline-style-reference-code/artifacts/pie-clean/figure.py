# FigBoard baseline "reference code + target data": task pie-clean's reference.py with its data file swapped.
"""Pie chart with labels and percentages, the first slice exploded.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/pie_and_polar_charts/pie_features.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads labels and shares from a CSV file; lays the figure out tightly so longer labels stay on the canvas; saves output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'clean' treatment: Liberation Sans, grey frame and ticks, open top/right spines, light grid below the data, Tableau 10 colours, Blues map.

import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = None
FIGSIZE = (6.4, 4.8)
PIE = dict(autopct='%1.1f%%', startangle=90)
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
labels = [r[0] for r in rows]
sizes = [float(r[1]) for r in rows]
explode = [0.1] + [0.0] * (len(sizes) - 1)
fig, ax = plt.subplots(figsize=FIGSIZE)
kw = {'colors': PALETTE} if PALETTE else {}
ax.pie(sizes, explode=explode, labels=labels, **PIE, **kw)
ax.set_title(head[1])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
