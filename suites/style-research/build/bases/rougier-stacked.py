"""Stacked layers drawn with fill_between in Material blue-grey shades, white edges, a yellow-shaded highlighted window between dashed lines, no ticks (Rougier, Scientific Visualization, stacked-plots).

Adapted for FigBoard from rougier/scientific-visualization-book, code/colors/stacked-plots.py
(commit 1d0b3c42dc848e772c8d680af2e6d541be22de1d; Copyright 2021 Nicolas P. Rougier; BSD
2-Clause License (the book's code license), see ../LICENSE-BSD-2-Clause-scientific-visualization-book.txt).
Book: N. P. Rougier, Scientific Visualization: Python + Matplotlib, 2021 (hal-03427242,
ISBN 978-2-9579901-0-8), chapter "Colors", figure stacked-plots.
Changes: reads layer, x and thickness from a CSV file instead of drawing ten smoothed uniform
series (one layer per distinct first-column value, stacked in file order from a zero baseline;
more than ten layers reuse the darkest shade); only the "blue grey" and "yellow" Material
palettes of the script's dictionary are kept; the highlighted window spans 65 % to 85 % of the x
range (X[325:425] of the script's 500 samples); y limits are the stack's; saves output.png
instead of the PDF.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'
material = {
    "yellow": {0: "#fffde7", 1: "#fff9c4", 2: "#fff59d", 3: "#fff176", 4: "#ffee58",
               5: "#ffeb3b", 6: "#fdd835", 7: "#fbc02d", 8: "#f9a825", 9: "#f57f17"},
    "blue grey": {0: "#eceff1", 1: "#cfd8dc", 2: "#b0bec5", 3: "#90a4ae", 4: "#78909c",
                  5: "#607d8b", 6: "#546e7a", 7: "#455a64", 8: "#37474f", 9: "#263238"},
}

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
layers = list(dict.fromkeys(r[0] for r in rows))
X = np.array(sorted({float(r[1]) for r in rows}))
v = {(r[0], float(r[1])): float(r[2]) for r in rows}

plt.figure(figsize=(8, 4))
ax = plt.subplot(1, 1, 1)
lo, hi = X[0] + 0.65 * (X[-1] - X[0]), X[0] + 0.85 * (X[-1] - X[0])
win = (X >= lo) & (X <= hi)

Y0 = np.zeros(len(X))
for i, name in enumerate(layers):
    Y = Y0 + np.array([v.get((name, x), 0.0) for x in X])
    shade = max(0, 9 - i)
    ax.fill_between(
        X,
        Y,
        Y0,
        edgecolor="white",
        linewidth=0.25,
        facecolor=material["blue grey"][shade],
    )
    ax.fill_between(X[win], Y[win], Y0[win], facecolor=material["yellow"][shade])
    ax.plot(X[win], Y[win], color="black", linewidth=0.25)
    Y0 = Y

ax.axvline(X[win][0], color="black", linestyle="--")
ax.axvline(X[win][-1], color="black", linestyle="--")

ax.set_xlim(X[0], X[-1])
ax.set_xticks([])

ax.set_ylim(0, Y0.max())
ax.set_yticks([])

plt.tight_layout()
plt.savefig("output.png", dpi=100)
