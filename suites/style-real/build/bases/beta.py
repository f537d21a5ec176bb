"""Overlaid step-filled density histograms in the 'bmh' style.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/style_sheets/bmh.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads the samples of each distribution from a CSV file instead of drawing them; saves
output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'
# --- style ---
SHEET = 'bmh'
RC = {}
PALETTE = None
FIGSIZE = (6.4, 4.8)
HIST = dict(histtype='stepfilled', bins=25, alpha=0.8, density=True)
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
groups = list(dict.fromkeys(r[0] for r in rows))
fig, ax = plt.subplots(figsize=FIGSIZE)
if PALETTE:
    ax.set_prop_cycle(color=PALETTE)
for g in groups:
    ax.hist(np.array([float(r[1]) for r in rows if r[0] == g]), **HIST)
ax.set_title(f'Distribution of {head[1].lower()} by {head[0].lower()}')
fig.tight_layout()
fig.savefig('output.png', dpi=100)
