"""Lines with markers and error bars, one per run.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/statistics/errorbar_features.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads series, x, y and the error from a CSV file; several series share one axes; saves
output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'editorial' treatment: serif type, bold title, earth-tone palette, dotted y grid, open top/right spines, frameless legend, YlOrBr map.

import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = None
ERR = dict(fmt='-o', capsize=3)
FIGSIZE = (6.4, 4.8)
# treatment 'editorial':
PALETTE = ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51', '#8d5a97', '#6d597a']
CMAP = 'YlOrBr'
SHEET = 'default'
RC = {'font.family': 'DejaVu Serif', 'font.size': 9, 'axes.titleweight': 'bold', 'axes.titlesize': 11, 'axes.spines.top': False, 'axes.spines.right': False, 'axes.grid': True, 'axes.grid.axis': 'y', 'grid.linestyle': ':', 'grid.color': '#999999', 'legend.frameon': False, 'axes.prop_cycle': plt.cycler(color=PALETTE)}
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
    d = np.array(sorted(tuple(float(v) for v in r[1:4]) for r in rows if r[0] == n))
    ax.errorbar(d[:, 0], d[:, 1], yerr=d[:, 2], label=n, **ERR)
ax.set_title(head[2])
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
ax.legend()
fig.tight_layout()
fig.savefig('output.png', dpi=100)
