# FigBoard baseline "reference code + target data": task rougier-zoom's reference.py with its data file swapped.
"""Scatter with zoom annotations: translucent edge-less dots, five picked points circled, each boxed by a dashed square and linked by a dashed arrow to its own magnified panel in a column on the right (Rougier, Scientific Visualization, annotation-zoom).

Adapted for FigBoard from rougier/scientific-visualization-book, code/ornaments/annotation-zoom.py
(commit 1d0b3c42dc848e772c8d680af2e6d541be22de1d; Copyright 2021 Nicolas P. Rougier; BSD
2-Clause License (the book's code license), see ../LICENSE-BSD-2-Clause-scientific-visualization-book.txt).
Book: N. P. Rougier, Scientific Visualization: Python + Matplotlib, 2021 (hal-03427242,
ISBN 978-2-9579901-0-8), chapter "Ornaments", figure annotation-zoom.
Changes: reads group, x and y from a CSV file instead of 1000 normal draws (the first group in
the script's colour C1, further groups C2, C3, ...); the axis limits are the data's range
padded by 5 % instead of [-1, 1], and the square frames kept with set_box_aspect(1) instead of
aspect=1 (the data's units differ); the zoom half-width is 3.75 % of each range (0.075 of the
script's 2-unit range); the five picked points are drawn with the script's seed 123 from all
rows; saves output.png instead of the PDF.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.gridspec import GridSpec
from matplotlib.patches import ConnectionPatch, Rectangle

DATA = 'data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
groups = list(dict.fromkeys(r[0] for r in rows))
G = np.array([groups.index(r[0]) for r in rows])
X = np.array([float(r[1]) for r in rows])
Y = np.array([float(r[2]) for r in rows])
colors = ["C%d" % (1 + g % 9) for g in G]
pad = 0.05
xlim = [X.min() - pad * np.ptp(X), X.max() + pad * np.ptp(X)]
ylim = [Y.min() - pad * np.ptp(Y), Y.max() + pad * np.ptp(Y)]

fig = plt.figure(figsize=(5, 4))

n = 5
gs = GridSpec(n, n + 1)

ax = plt.subplot(gs[:n, :n], xlim=xlim, xticks=[], ylim=ylim, yticks=[])
ax.set_box_aspect(1)

ax.scatter(X, Y, edgecolor="None", facecolor=colors, alpha=0.5)

np.random.seed(123)
I = np.random.choice(len(X), size=n, replace=False)
Px, Py = X[I], Y[I]
I = np.argsort(Y[I])[::-1]
Px, Py = Px[I], Py[I]

ax.scatter(Px, Py, edgecolor="black", facecolor="None", linewidth=0.75)

dx, dy = 0.0375 * (xlim[1] - xlim[0]), 0.0375 * (ylim[1] - ylim[0])
for i, (x, y) in enumerate(zip(Px, Py)):
    sax = plt.subplot(
        gs[i, n],
        xlim=[x - dx, x + dx],
        xticks=[],
        ylim=[y - dy, y + dy],
        yticks=[],
    )
    sax.set_box_aspect(1)
    sax.scatter(X, Y, edgecolor="None", facecolor=colors, alpha=0.5)
    sax.scatter(Px, Py, edgecolor="black", facecolor="None", linewidth=0.75)

    sax.text(
        1.1,
        0.5,
        "Point " + chr(ord("A") + i),
        rotation=90,
        size=8,
        ha="left",
        va="center",
        transform=sax.transAxes,
    )

    rect = Rectangle(
        (x - dx, y - dy),
        2 * dx,
        2 * dy,
        edgecolor="black",
        facecolor="None",
        linestyle="--",
        linewidth=0.75,
    )
    ax.add_patch(rect)

    con = ConnectionPatch(
        xyA=(x, y),
        coordsA=ax.transData,
        xyB=(0, 0.5),
        coordsB=sax.transAxes,
        linestyle="--",
        linewidth=0.75,
        patchA=rect,
        arrowstyle="->",
    )
    fig.add_artist(con)


plt.tight_layout()
plt.savefig("output.png", dpi=100)
