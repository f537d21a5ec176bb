# FigBoard baseline "reference code + target data": task mlxtend-barplot's reference.py with its data file swapped.
"""Dodged bars per category: mlxtend's 'bgrcky' colours, the first series at alpha 0.8 and the rest at 0.5, 12 x 6 inch, vertical category labels (mlxtend, stacked_barplot).

Adapted for FigBoard from rasbt/mlxtend, mlxtend/plotting/stacked_barplot.py
(commit 9aadcee334f8b07003246d436cd9135b6d62a6b2; Copyright (c) 2014-2026, Sebastian Raschka;
BSD 3-Clause License, see ../LICENSE-BSD-3-Clause-mlxtend.txt). Paper: Raschka, "MLxtend:
Providing machine learning and data science utilities and extensions to Python's scientific
computing stack", Journal of Open Source Software 3(24), 638 (2018).
Changes: reads category, series and value from a CSV file instead of a DataFrame (categories
are the index, series the columns, pandas is not installed in the sandbox so df.iloc[:, k]
becomes the k-th column list); the function's defaults (bar_width="auto", colors="bgrcky",
labels="index", rotation=90, legend_loc="best"); plt.tight_layout and saves output.png.
"""
import csv
from itertools import cycle

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
index = list(dict.fromkeys(r[0] for r in rows))
columns = list(dict.fromkeys(r[1] for r in rows))
v = {(r[0], r[1]): float(r[2]) for r in rows}
col = [[v.get((i, c), 0.0) for i in index] for c in columns]

bar_width = "auto"
colors = "bgrcky"
labels = "index"
rotation = 90
legend_loc = "best"

# Setting the positions and width for the bars
pos = np.array(range(len(index)))

if bar_width == "auto":
    width = 1 / (len(columns[1:]) * 2)
else:
    width = bar_width

if labels == "index":
    labels = index

color_gen = cycle(colors)

label_pos = [pos]

# Plotting the bars
fig, ax = plt.subplots(figsize=(12, 6))

plt.bar(
    pos, col[0], width, alpha=0.8, color=next(color_gen), label=columns[0]
)

for i, c in enumerate(columns[1:]):
    bar_pos = [p + width * (i + 1) for p in pos]
    label_pos.append(bar_pos)
    plt.bar(
        bar_pos, col[i + 1], width, alpha=0.5, color=next(color_gen), label=c
    )

# Setting axis labels and ticks
label_pos = np.asarray(label_pos).mean(axis=0) + width * 0.5
ax.set_xticks(label_pos)
ax.set_xticklabels(labels, rotation=rotation, horizontalalignment="center")

# Setting the x-axis and y-axis limits
plt.xlim(min(pos) - width, max(pos) + width * 7)

if legend_loc:
    plt.legend(loc=legend_loc, scatterpoints=1)
plt.tight_layout()
plt.savefig('output.png', dpi=100)
