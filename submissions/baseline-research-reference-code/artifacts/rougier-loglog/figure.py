# FigBoard baseline "reference code + target data": task rougier-loglog's reference.py with its data file swapped.
"""The same curves on linear and logarithmic scales in a 2 x 2 grid of shared axes: grey major and minor grids, inner tick labels hidden, curves labelled in their colour instead of a legend (Rougier, Scientific Visualization, scales-log-log).

Adapted for FigBoard from rougier/scientific-visualization-book, code/scales-projections/scales-log-log.py
(commit 1d0b3c42dc848e772c8d680af2e6d541be22de1d; Copyright 2021 Nicolas P. Rougier; BSD
2-Clause License (the book's code license), see ../LICENSE-BSD-2-Clause-scientific-visualization-book.txt).
Book: N. P. Rougier, Scientific Visualization: Python + Matplotlib, 2021 (hal-03427242,
ISBN 978-2-9579901-0-8), chapter "Scales & projections", figure scales-log-log.
Changes: reads curve name, x and y (positive) from a CSV file instead of plotting 10^x, x and
log10(x) (one curve per distinct first-column value, colours C0, C1, ... as the script's);
the four panels' limits are the data's range (the log panels from the smallest positive value)
instead of the script's fixed (0, 10) and (0.001, 100); the linear axes' MultipleLocator(2.0) /
MultipleLocator(0.4) become MaxNLocator(5) with AutoMinorLocator(5), the same five minor steps
per major one; each curve's label is written in its colour above one of its points in the first
panel (the i-th of n curves at 85 - 60 i / n % of its points, so the labels spread) instead of the script's hand-placed f(x) texts; the panel titles keep the script's words,
the axis labels name the scale as the script does, with the CSV's header; font family Roboto
is not installed here, so the rc line is dropped (matplotlib would fall back to DejaVu Sans);
saves output.png instead of the PDF.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import AutoMinorLocator, MaxNLocator

DATA = 'data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
names = list(dict.fromkeys(r[0] for r in rows))
curves = [np.array(sorted((float(r[1]), float(r[2])) for r in rows if r[0] == n)) for n in names]
allx = np.concatenate([c[:, 0] for c in curves])
ally = np.concatenate([c[:, 1] for c in curves])
xlin = (allx.min(), allx.max())
ylin = (min(0.0, ally.min()), ally.max())
xlog = (allx[allx > 0].min(), allx.max())
ylog = (ally[ally > 0].min(), ally.max())

figure = plt.figure(figsize=(6, 6))

# Style
# -----------------------------------------------------------------------------
plt.rc("xtick", labelsize="small")
plt.rc("ytick", labelsize="small")
plt.rc("axes", labelsize="medium", titlesize="medium")


def draw(ax):
    for i, c in enumerate(curves):
        ax.plot(c[:, 0], c[:, 1], color="C%d" % i)
    ax.grid(True, "minor", color="0.85", linewidth=0.50, zorder=-20)
    ax.grid(True, "major", color="0.65", linewidth=0.75, zorder=-10)


def linear(axis):
    axis.set_major_locator(MaxNLocator(5))
    axis.set_minor_locator(AutoMinorLocator(5))


# X-linear Y-linear
# -----------------------------------------------------------------------------
ax1 = plt.subplot(2, 2, 1, xlim=xlin, ylim=ylin)
draw(ax1)
ax1.set_ylabel("Linear")
linear(ax1.xaxis)
linear(ax1.yaxis)
ax1.tick_params(which="both", labelbottom=False, bottom=False)
for i, (n, c) in enumerate(zip(names, curves)):
    m = int((len(c) - 1) * (0.85 - 0.6 * i / max(1, len(curves))))
    ax1.text(c[m, 0], c[m, 1], n, color="C%d" % i, ha="right", va="bottom")
ax1.set_title("X linear - Y linear")


# X-log Y-linear
# -----------------------------------------------------------------------------
ax2 = plt.subplot(2, 2, 2, xlim=xlog, ylim=ylin, sharey=ax1)
ax2.set_xscale("log")
ax2.tick_params(which="both", labelbottom=False, bottom=False)
ax2.tick_params(which="both", labelleft=False, left=False)
draw(ax2)
ax2.set_title("X logarithmic - Y linear")


# X-linear Y-log
# -----------------------------------------------------------------------------
ax3 = plt.subplot(2, 2, 3, xlim=xlin, ylim=ylog, sharex=ax1)
ax3.set_yscale("log")
draw(ax3)
ax3.set_ylabel("Logarithmic")
ax3.set_xlabel("Linear")
ax3.set_title("X linear - Y logarithmic")

# X-log Y-log
# -----------------------------------------------------------------------------
ax4 = plt.subplot(2, 2, 4, xlim=xlog, ylim=ylog, sharex=ax2, sharey=ax3)
ax4.set_xscale("log")
ax4.set_yscale("log")
ax4.tick_params(which="both", labelleft=False, left=False)
draw(ax4)
ax4.set_xlabel("Logarithmic")
ax4.set_title("X logarithmic - Y logarithmic")
figure.supxlabel(head[1], size="medium")
figure.supylabel(head[2], size="medium")


# Show
# -----------------------------------------------------------------------------
plt.tight_layout()
plt.savefig("output.png", dpi=100)
