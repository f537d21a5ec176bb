# FigBoard baseline "reference code + target data": task violin-bmh's reference.py with its data file swapped.
"""Customized violin plot: filled bodies, quartile bars, whiskers and white median dots.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/statistics/customized_violin.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads group and value from a CSV file; only the customized panel is drawn; laid out
tightly (the example adjusts the bottom margin by hand); saves output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'bmh' treatment: the 'bmh' style sheet (light grey panel, bmh colours), cividis map.

import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = ['#D43F3A']   # violin body colour(s)
FIGSIZE = (5, 4)
EDGE = 'black'
# treatment 'bmh':
PALETTE = None
CMAP = 'cividis'
SHEET = 'bmh'
RC = {}
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)


def adjacent_values(vals, q1, q3):
    upper = np.clip(q3 + (q3 - q1) * 1.5, q3, vals[-1])
    lower = np.clip(q1 - (q3 - q1) * 1.5, vals[0], q1)
    return lower, upper


with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
labels = list(dict.fromkeys(r[0] for r in rows))
data = [sorted(float(r[1]) for r in rows if r[0] == g) for g in labels]
colors = PALETTE or plt.rcParams['axes.prop_cycle'].by_key()['color']

fig, ax = plt.subplots(figsize=FIGSIZE)
ax.set_title('Customized violin plot')
parts = ax.violinplot(data, showmeans=False, showmedians=False, showextrema=False)
for i, pc in enumerate(parts['bodies']):
    pc.set_facecolor(colors[i % len(colors)])
    pc.set_edgecolor(EDGE)
    pc.set_alpha(1)
quartile1, medians, quartile3 = np.array([np.percentile(d, [25, 50, 75]) for d in data]).T
whiskers = np.array([adjacent_values(d, q1, q3) for d, q1, q3 in zip(data, quartile1, quartile3)])
inds = np.arange(1, len(medians) + 1)
ax.scatter(inds, medians, marker='o', color='white', s=30, zorder=3)
ax.vlines(inds, quartile1, quartile3, color='k', linestyle='-', lw=5)
ax.vlines(inds, whiskers[:, 0], whiskers[:, 1], color='k', linestyle='-', lw=1)
ax.set_xticks(inds, labels=labels)
ax.set_xlim(0.25, len(labels) + 0.75)
ax.set_xlabel(head[0])
ax.set_ylabel(head[1])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
