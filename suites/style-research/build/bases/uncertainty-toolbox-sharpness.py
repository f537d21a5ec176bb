"""Sharpness: density histogram of predicted standard deviations, light-blue bars with blue edges, dashed black sharpness line and label, no y ticks, uncertainty-toolbox style (plot_sharpness).

Adapted for FigBoard from uncertainty-toolbox/uncertainty-toolbox, uncertainty_toolbox/viz.py
and its style file uncertainty_toolbox/matplotlibrc (commit 6ea1fed6591923a95d49d8049a197e33d4d8092d;
Copyright (c) 2020 uncertainty-toolbox; MIT License, see ../LICENSE-MIT-uncertainty-toolbox.txt).
Paper: Chung et al., "Uncertainty Toolbox: an Open-Source Library for Assessing, Visualizing, and
Improving Uncertainty Quantification", arXiv:2109.10254 (2021); the README figures.
Changes: reads model and predicted standard deviation per example from a CSV file; one
plot_sharpness(ax=...) panel of 5 x 5 inches per model in a row, as the README figures put
several plots side by side, each titled "Sharpness" and the model's name; the style file written
out as rcParams with text.usetex off (no LaTeX in the sandbox; Times falls back to the serif
font) and figure.dpi left at 100 like every reference here; no n_subset; saved as save_figure
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


def plot_sharpness(y_std, ax, name):
    # Plot sharpness curve
    ax.hist(y_std, edgecolor="#1f77b4", color="#a5c8e1", density=True)

    # Format plot
    xlim = (y_std.min(), y_std.max())
    ax.set_xlim(xlim)
    ax.set_xlabel("Predicted Standard Deviation")
    ax.set_ylabel("Normalized Frequency")
    ax.set_title("Sharpness: " + name)
    ax.set_yticklabels([])
    ax.set_yticks([])

    # Calculate and report sharpness
    sharpness = np.sqrt(np.mean(y_std**2))

    ax.axvline(x=sharpness, label="sharpness", color="k", linewidth=2, ls="--")

    if sharpness < (xlim[0] + xlim[1]) / 2:
        text = "\n  Sharpness = %.2f" % sharpness
        h_align = "left"
    else:
        text = "\nSharpness = %.2f  " % sharpness
        h_align = "right"

    ax.text(
        x=sharpness,
        y=ax.get_ylim()[1],
        s=text,
        verticalalignment="top",
        horizontalalignment=h_align,
        fontsize="small",
    )
    return ax


with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
models = list(dict.fromkeys(r[0] for r in rows))
fig, axs = plt.subplots(1, len(models), figsize=(5 * len(models), 5), squeeze=False)
for ax, m in zip(axs[0], models):
    plot_sharpness(np.array([float(r[1]) for r in rows if r[0] == m]), ax, m)
plt.savefig('output.png', dpi=100, bbox_inches="tight", facecolor="w", edgecolor="w")
