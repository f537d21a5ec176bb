# FigBoard baseline "reference code + target data": task percentile-solarized's reference.py with its data file swapped.
"""Percentiles as a horizontal bar chart, large values labelled inside the bar.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/statistics/barchart_demo.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads test name and percentile from a CSV file; the right-hand score axis is dropped
(the CSV carries percentiles only); the title and x label come from the data; saves output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'solarized' treatment: the 'Solarize_Light2' style sheet (cream panel, solarized colours), plasma map.

import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = None          # bar colour; None uses the first colour of the cycle
FIGSIZE = (9, 7)
BAR_HEIGHT = 0.5
GRID = dict(linestyle='--', color='grey', alpha=0.25)
# treatment 'solarized':
PALETTE = None
CMAP = 'plasma'
SHEET = 'Solarize_Light2'
RC = {}
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)


def to_ordinal(num):
    v = str(int(round(num)))
    if v[-2:] in {'11', '12', '13'}:
        return v + 'th'
    return v + {'1': 'st', '2': 'nd', '3': 'rd'}.get(v[-1], 'th')


with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
names = [r[0] for r in rows]
values = [float(r[1]) for r in rows]
top = max(100.0, max(values))
color = (PALETTE or plt.rcParams['axes.prop_cycle'].by_key()['color'])[0]

fig, ax1 = plt.subplots(figsize=FIGSIZE, layout='constrained')
ax1.set_title(head[1])
ax1.set_xlabel(f'{head[1]} by {head[0].lower()}')
rects = ax1.barh(names, values, align='center', height=BAR_HEIGHT, color=color)
large = [to_ordinal(p) if p > 0.4 * top else '' for p in values]
small = [to_ordinal(p) if p <= 0.4 * top else '' for p in values]
ax1.bar_label(rects, small, padding=5, color='black', fontweight='bold')
ax1.bar_label(rects, large, padding=-32, color='white', fontweight='bold')
ax1.set_xlim([0, top])
ax1.xaxis.grid(True, which='major', **GRID)
ax1.axvline(top / 2, color='grey', alpha=0.25)  # median position
fig.savefig('output.png', dpi=100)
