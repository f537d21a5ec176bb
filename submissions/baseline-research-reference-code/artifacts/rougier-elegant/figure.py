# FigBoard baseline "reference code + target data": task rougier-elegant's reference.py with its data file swapped.
"""Elegant scatter: dots sized by a value, drawn as a black outline, a white underlay and a 0.25-alpha RdYlBu fill, rug marks along both axes in the group colours, two frameless legends (sizes, groups) inside the lower right, serif title (Rougier, Scientific Visualization, elegant-scatter).

Adapted for FigBoard from rougier/scientific-visualization-book, code/ornaments/elegant-scatter.py
(commit 1d0b3c42dc848e772c8d680af2e6d541be22de1d; Copyright 2021 Nicolas P. Rougier; BSD
2-Clause License (the book's code license), see ../LICENSE-BSD-2-Clause-scientific-visualization-book.txt).
Book: N. P. Rougier, Scientific Visualization: Python + Matplotlib, 2021 (hal-03427242,
ISBN 978-2-9579901-0-8), chapter "Ornaments", figure elegant-scatter.
Changes: reads group, x, y and size from a CSV file instead of 2 x 250 normal draws (the groups
are coloured along RdYlBu by their index, as the script's C = 0 / 1; the size legend's title is
the CSV's fourth header, the group legend's labels the group names); the rugs sit just below and
left of the data (the script's fixed y = 19 and x = 1.3); the title names the CSV's columns, wrapped at 36 characters (the script's two lines);
Source Serif/Sans/Code Pro are not installed here, so their rc lines are dropped (matplotlib
would fall back to DejaVu); saves output.png instead of the PDF.
"""
import csv
import textwrap

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
groups = list(dict.fromkeys(r[0] for r in rows))
X = np.array([float(r[1]) for r in rows])
Y = np.array([float(r[2]) for r in rows])
S = np.array([float(r[3]) for r in rows])
C = np.array([groups.index(r[0]) / max(1, len(groups) - 1) for r in rows])

plt.rcParams["font.size"] = 10.0

fig = plt.figure(figsize=(5, 5))
ax = plt.axes()
ax.set_xlabel(head[1], weight="medium")
ax.set_ylabel(head[2], weight="medium")
ax.set_title(
    textwrap.fill("Distribution of %s & %s according to %s & %s" % (head[1], head[2], head[0], head[3]), 36),
    family="serif",
)

cmap = plt.get_cmap("RdYlBu")
scatter = plt.scatter(X, Y, s=S, edgecolor="black", linewidth=0.75, zorder=-20)
scatter = plt.scatter(X, Y, s=S, edgecolor="None", facecolor="white", zorder=-10)
scatter = plt.scatter(X, Y, c=C, s=S, cmap=cmap, edgecolor="None", alpha=0.25)

handles, labels = scatter.legend_elements(
    num=3,
    prop="sizes",
    alpha=1,
    markeredgewidth=0.5,
    markeredgecolor="black",
    markerfacecolor="None",
)
legend = plt.legend(
    handles,
    labels,
    title=" " + head[3],
    loc=(0.6, 0.05),
    handletextpad=0.1,
    labelspacing=0.25,
    facecolor="None",
    edgecolor="None",
)
legend.get_children()[0].align = "left"
legend.get_title().set_fontweight("medium")
ax.add_artist(legend)

handles, labels = scatter.legend_elements(markeredgewidth=0.0, markeredgecolor="black")
labels = groups[: len(handles)]
legend = plt.legend(
    handles,
    labels,
    title=" " + head[0],
    loc=(0.75, 0.05),
    handletextpad=0.1,
    labelspacing=0.25,
    facecolor="None",
    edgecolor="None",
)
legend.get_children()[0].align = "left"
legend.get_title().set_fontweight("medium")

ry = Y.min() - 0.08 * np.ptp(Y)
rx = X.min() - 0.08 * np.ptp(X)
plt.scatter(X, [ry] * len(X), marker="|", color=cmap(C), linewidth=0.5, alpha=0.25)
plt.scatter([rx] * len(X), Y, marker="_", color=cmap(C), linewidth=0.5, alpha=0.25)

plt.savefig("output.png", dpi=100)
