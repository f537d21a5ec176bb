"""Pie chart with labels and percentages, the first slice exploded.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/pie_and_polar_charts/pie_features.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads labels and shares from a CSV file; lays the figure out tightly so longer labels stay on the canvas; saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'reference_data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = None
FIGSIZE = (6.4, 4.8)
PIE = dict(autopct='%1.1f%%', startangle=90)
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
