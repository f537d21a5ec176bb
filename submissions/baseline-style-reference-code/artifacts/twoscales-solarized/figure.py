# FigBoard baseline "reference code + target data": task twoscales-solarized's reference.py with its data file swapped.
"""Two series with different scales on a shared x axis, each y axis coloured like its line.

Adapted for FigBoard from the Matplotlib gallery example
galleries/examples/subplots_axes_and_figures/two_scales.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads x and the two y series from a CSV file; axis labels come from the header; saves
output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'solarized' treatment: the 'Solarize_Light2' style sheet (cream panel, solarized colours), plasma map.

import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = ['tab:red', 'tab:blue']
FIGSIZE = (6.4, 4.8)
# treatment 'solarized':
PALETTE = None
CMAP = 'plasma'
SHEET = 'Solarize_Light2'
RC = {}
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
d = np.array(sorted(tuple(float(v) for v in r[:3]) for r in rows))
colors = PALETTE or plt.rcParams['axes.prop_cycle'].by_key()['color']

fig, ax1 = plt.subplots(figsize=FIGSIZE)
color = colors[0]
ax1.set_xlabel(head[0])
ax1.set_ylabel(head[1], color=color)
ax1.plot(d[:, 0], d[:, 1], color=color)
ax1.tick_params(axis='y', labelcolor=color)
ax2 = ax1.twinx()
color = colors[1 % len(colors)]
ax2.set_ylabel(head[2], color=color)
ax2.plot(d[:, 0], d[:, 2], color=color)
ax2.tick_params(axis='y', labelcolor=color)
fig.tight_layout()
fig.savefig('output.png', dpi=100)
