"""Lines with markers and error bars, one per run.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/statistics/errorbar_features.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads series, x, y and the error from a CSV file; several series share one axes; saves
output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'solarized' treatment: the 'Solarize_Light2' style sheet (cream panel, solarized colours), plasma map.

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
