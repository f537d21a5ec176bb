# FigBoard baseline "reference code + target data": task reliability-diagrams-histogram's reference.py with its data file swapped.
"""Confidence histograms: examples per confidence bin as 0.9-wide bars with a dotted average-confidence line, one panel per model (reliability-diagrams).

Adapted for FigBoard from hollance/reliability-diagrams, reliability_diagrams.py
(commit e133f3d3a63356920c7d5cb7b032c3e03b38afb5; Copyright (c) 2020 M.I. Hollemans; MIT License,
see ../LICENSE-MIT-reliability-diagrams.txt). The repository draws the reliability diagrams and
confidence histograms of Guo et al., "On Calibration of Modern Neural Networks", ICML 2017
(arXiv:1706.04599), for ImageNet and CIFAR models; the styling is that of its Plots.ipynb, which
made the figures the repository ships (figures/*.png).
Changes: reads model and one top-class confidence per example from a CSV file; there are no
labels, so compute_calibration keeps only the counts, bins and average confidence and the
histogram's accuracy line is not drawn (draw_averages draws the average-confidence line alone);
one _confidence_histogram_subplot per model in the grid reliability_diagrams() lays out (4 inch
panels, num_cols=4, shared axes, constrained layout, titles split into lines, the x label on the
last row and the y label on the first column, unused panels off); np.float/np.int (removed from
NumPy) written as float/int; Plots.ipynb's plt.style.use("seaborn") is matplotlib 3.6's
'seaborn-v0_8' (the same style file, renamed); dpi 100 instead of 72; saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'

# Plots.ipynb: override matplotlib default styling.
plt.style.use("seaborn-v0_8")

plt.rc("font", size=12)
plt.rc("axes", labelsize=12)
plt.rc("xtick", labelsize=12)
plt.rc("ytick", labelsize=12)
plt.rc("legend", fontsize=12)

plt.rc("axes", titlesize=16)
plt.rc("figure", titlesize=16)


def compute_calibration(confidences, num_bins=10):
    """Collects predictions into bins (the counts and average confidence of the original)."""
    assert(num_bins > 0)

    bins = np.linspace(0.0, 1.0, num_bins + 1)
    indices = np.digitize(confidences, bins, right=True)

    bin_confidences = np.zeros(num_bins, dtype=float)
    bin_counts = np.zeros(num_bins, dtype=int)

    for b in range(num_bins):
        selected = np.where(indices == b + 1)[0]
        if len(selected) > 0:
            bin_confidences[b] = np.mean(confidences[selected])
            bin_counts[b] = len(selected)

    avg_conf = np.sum(bin_confidences * bin_counts) / np.sum(bin_counts)

    return { "confidences": bin_confidences,
             "counts": bin_counts,
             "bins": bins,
             "avg_confidence": avg_conf }


def _confidence_histogram_subplot(ax, bin_data,
                                  draw_averages=True,
                                  title="Examples per bin",
                                  xlabel="Confidence",
                                  ylabel="Count"):
    """Draws a confidence histogram into a subplot."""
    counts = bin_data["counts"]
    bins = bin_data["bins"]

    bin_size = 1.0 / len(counts)
    positions = bins[:-1] + bin_size/2.0

    ax.bar(positions, counts, width=bin_size * 0.9)

    ax.set_xlim(0, 1)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)

    if draw_averages:
        conf_plt = ax.axvline(x=bin_data["avg_confidence"], ls="dotted", lw=3,
                              c="#444", label="Avg. confidence")
        ax.legend(handles=[conf_plt])


with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
results = {}
for r in rows:
    results.setdefault(r[0], []).append(float(r[1]))

num_bins = 10
ncols = min(4, len(results))
nrows = (len(results) + ncols - 1) // ncols
figsize = (ncols * 4, nrows * 4)

fig, ax = plt.subplots(nrows=nrows, ncols=ncols, sharex=True, sharey=True,
                       figsize=figsize, dpi=100, constrained_layout=True, squeeze=False)

for i, (plot_name, data) in enumerate(results.items()):
    bin_data = compute_calibration(np.array(data), num_bins)

    row = i // ncols
    col = i % ncols
    _confidence_histogram_subplot(ax[row, col], bin_data,
                                  title="\n".join(plot_name.split()),
                                  xlabel="Confidence" if row == nrows - 1 else "",
                                  ylabel="Count" if col == 0 else "")

for i in range(i + 1, nrows * ncols):
    row = i // ncols
    col = i % ncols
    ax[row, col].axis("off")

fig.savefig('output.png', dpi=100)
