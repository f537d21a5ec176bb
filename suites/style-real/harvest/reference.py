"""Annotated heatmap with the column labels on top and a labelled colorbar.

Adapted for FigBoard from the Matplotlib gallery example
galleries/examples/images_contours_and_fields/image_annotated_heatmap.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads row, column and value from a CSV file; the unit of the annotations comes from the
column header; saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'
# --- style ---
SHEET = 'default'
RC = {}
CMAP = 'YlGn'
FIGSIZE = (6.4, 4.8)
CELL_GRID = dict(color='w', linestyle='-', linewidth=3)
TEXTCOLORS = ('black', 'white')
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
row_labels = list(dict.fromkeys(r[0] for r in rows))
col_labels = list(dict.fromkeys(r[1] for r in rows))
value = {(r[0], r[1]): float(r[2]) for r in rows}
data = np.array([[value[(a, b)] for b in col_labels] for a in row_labels])
unit = head[2].split('(')[-1].rstrip(')').split('/')[0] if '(' in head[2] else ''
unit = unit if len(unit) <= 2 else ''  # cell labels stay short: a long unit lives on the colorbar

fig, ax = plt.subplots(figsize=FIGSIZE)
im = ax.imshow(data, cmap=CMAP)
cbar = ax.figure.colorbar(im, ax=ax)
cbar.ax.set_ylabel(head[2], rotation=-90, va='bottom')
ax.set_xticks(np.arange(data.shape[1]), labels=col_labels)
ax.set_yticks(np.arange(data.shape[0]), labels=row_labels)
ax.tick_params(top=True, bottom=False, labeltop=True, labelbottom=False)
plt.setp(ax.get_xticklabels(), rotation=-30, ha='right', rotation_mode='anchor')
ax.spines[:].set_visible(False)
ax.set_xticks(np.arange(data.shape[1] + 1) - .5, minor=True)
ax.set_yticks(np.arange(data.shape[0] + 1) - .5, minor=True)
ax.grid(which='minor', **CELL_GRID)
ax.tick_params(which='minor', bottom=False, left=False)
threshold = im.norm(data.max()) / 2.
for i in range(data.shape[0]):
    for j in range(data.shape[1]):
        # One decimal as in the example; whole numbers once values reach 100 (cells stay narrow).
        v = data[i, j]
        value = f'{v:.0f}' if abs(v) >= 100 else f'{v:.1f}'
        ax.text(j, i, f'{value} {unit}'.strip(), ha='center', va='center',
                color=TEXTCOLORS[int(im.norm(data[i, j]) > threshold)])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
