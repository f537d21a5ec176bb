"""Box plot with boxes filled in custom colours.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/statistics/boxplot_color.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads group and value from a CSV file; colours repeat when there are more groups than
colours; lays the figure out tightly so longer labels stay on the canvas; saves output.png.
"""
# Augmented reference (FigBoard style-real): the construction above rewritten with the
# 'ggplot' treatment: the 'ggplot' style sheet (grey panel, white grid, ggplot colours), RdPu colour map.

import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'reference_data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = ['peachpuff', 'orange', 'tomato']
FIGSIZE = (6.4, 4.8)
# treatment 'ggplot':
PALETTE = None
CMAP = 'RdPu'
SHEET = 'ggplot'
RC = {}
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
labels = list(dict.fromkeys(r[0] for r in rows))
data = [[float(r[1]) for r in rows if r[0] == g] for g in labels]
colors = PALETTE or plt.rcParams['axes.prop_cycle'].by_key()['color']

fig, ax = plt.subplots(figsize=FIGSIZE)
ax.set_ylabel(head[1])
ax.set_title(f'{head[1]} by {head[0].lower()}')
bplot = ax.boxplot(data, patch_artist=True, labels=labels)
for i, patch in enumerate(bplot['boxes']):
    patch.set_facecolor(colors[i % len(colors)])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
