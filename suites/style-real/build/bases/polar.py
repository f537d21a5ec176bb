"""Bar chart on a polar axis, bars coloured by their length.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/pie_and_polar_charts/polar_bar.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads the sector names and radii from a CSV file; the bars share one width (the example
draws random widths); saves output.png.
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
CMAP = 'viridis'
ALPHA = 0.5
FIGSIZE = (6.4, 4.8)
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
radii = np.array([float(r[1]) for r in rows])
n = len(radii)
theta = np.linspace(0.0, 2 * np.pi, n, endpoint=False)
width = np.full(n, 2 * np.pi / n * 0.9)
span = np.ptp(radii) or 1.0
colors = plt.colormaps[CMAP]((radii - radii.min()) / span)

fig = plt.figure(figsize=FIGSIZE)
ax = fig.add_subplot(projection='polar')
ax.bar(theta, radii, width=width, bottom=0.0, color=colors, alpha=ALPHA)
fig.savefig('output.png', dpi=100)
