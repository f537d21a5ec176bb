"""Ordered prediction intervals: translucent 2-sigma error bars by rank of the observed value, dashed orange observed curve, uncertainty-toolbox style (plot_intervals_ordered).

Adapted for FigBoard from uncertainty-toolbox/uncertainty-toolbox, uncertainty_toolbox/viz.py
and its style file uncertainty_toolbox/matplotlibrc (commit 6ea1fed6591923a95d49d8049a197e33d4d8092d;
Copyright (c) 2020 uncertainty-toolbox; MIT License, see ../LICENSE-MIT-uncertainty-toolbox.txt).
Paper: Chung et al., "Uncertainty Toolbox: an Open-Source Library for Assessing, Visualizing, and
Improving Uncertainty Quantification", arXiv:2109.10254 (2021); the README figures.
Changes: reads y_true, y_pred and y_std from a CSV file (columns series, observed, predicted,
std; one model per file, the first series is drawn); the style file written out as rcParams
with text.usetex off (no LaTeX in the sandbox; Times falls back to the serif font) and
figure.dpi left at 100 like every reference here; no n_subset or ylims; saved as save_figure
does (tight bounding box, white face) to output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'
# uct.viz.set_style(): uncertainty_toolbox/matplotlibrc written out as rcParams
plt.rcParams.update({
    'font.family': ['Times', 'serif'], 'font.size': 12.0, 'text.usetex': False,
    'lines.linewidth': 2, 'lines.antialiased': True, 'axes.facecolor': '#fafafa',
    'axes.edgecolor': '#777777', 'axes.linewidth': 1, 'axes.titlesize': 'medium',
    'axes.labelsize': 'medium', 'axes.axisbelow': True,
    'xtick.major.size': 0, 'xtick.minor.size': 0, 'xtick.major.pad': 6, 'xtick.minor.pad': 6,
    'xtick.color': '#333333', 'xtick.labelsize': 'medium', 'xtick.direction': 'in',
    'ytick.major.size': 0, 'ytick.minor.size': 0, 'ytick.major.pad': 6, 'ytick.minor.pad': 6,
    'ytick.color': '#333333', 'ytick.labelsize': 'medium', 'ytick.direction': 'in',
    'axes.grid': True, 'grid.alpha': 0.3, 'grid.linewidth': 1,
    'legend.fancybox': True, 'legend.fontsize': 'small', 'legend.facecolor': '#fdfdfd',
    'figure.figsize': (4.0, 4.0), 'figure.facecolor': '1.0', 'figure.edgecolor': '0.5',
    'hatch.linewidth': 0.1,
})

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
first = rows[0][0]
d = np.array([[float(v) for v in r[1:4]] for r in rows if r[0] == first])
y_true, y_pred, y_std = d[:, 0], d[:, 1], d[:, 2]
num_stds_confidence_bound = 2
fig, ax = plt.subplots(figsize=(5, 5))
order = np.argsort(y_true.flatten())
y_pred, y_std, y_true = y_pred[order], y_std[order], y_true[order]
xs = np.arange(len(order))
intervals = num_stds_confidence_bound * y_std

# Plot
ax.errorbar(
    xs,
    y_pred,
    intervals,
    fmt="o",
    ls="none",
    linewidth=1.5,
    c="#1f77b4",
    alpha=0.5,
)
h1 = ax.plot(xs, y_pred, "o", c="#1f77b4")
h2 = ax.plot(xs, y_true, "--", linewidth=2.0, c="#ff7f0e")

# Legend
ax.legend([h1[0], h2[0]], ["Predicted Values", "Observed Values"], loc=4)

# Determine lims
intervals_lower_upper = [y_pred - intervals, y_pred + intervals]
lims_ext = [
    int(np.floor(np.min(intervals_lower_upper[0]))),
    int(np.ceil(np.max(intervals_lower_upper[1]))),
]

# Format plot
ax.set_ylim(lims_ext)
ax.set_xlabel("Index (Ordered by Observed Value)")
ax.set_ylabel("Predicted Values and Intervals")
ax.set_title("Ordered Prediction Intervals")
ax.set_aspect(1.0 / ax.get_data_ratio(), adjustable="box")
plt.savefig('output.png', dpi=100, bbox_inches="tight", facecolor="w", edgecolor="w")
