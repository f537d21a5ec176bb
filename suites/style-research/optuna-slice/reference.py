"""Slice plot: one ggplot-style panel per parameter, trials coloured by number in Blues with grey edges, a shared y axis and one colorbar (optuna, plot_slice).

Adapted for FigBoard from optuna/optuna, optuna/visualization/matplotlib/_slice.py
(commit 1d8ce7bb6f3c7274a7a31a0a007991995085baa7; Copyright (c) 2018 Preferred Networks, Inc.;
MIT License, see ../LICENSE-MIT-optuna.txt). Paper: Akiba et al., "Optuna: A Next-generation
Hyperparameter Optimization Framework", KDD 2019 (arXiv:1907.10902).
Changes: reads parameter, parameter value and objective value from a CSV file instead of a
study (one subplot per distinct first-column value; a trial's number is its row's position
within its parameter); every parameter is numerical on a linear scale and every trial feasible,
so _generate_slice_subplot's categorical, log and infeasible branches are dropped; the y label is
the CSV's third header; saves output.png with a tight bounding box.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'reference_data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
params = list(dict.fromkeys(r[0] for r in rows))
subplots = []
for p in params:
    pts = [(float(r[1]), float(r[2])) for r in rows if r[0] == p]
    subplots.append((p, [x for x, _ in pts], [y for _, y in pts], list(range(len(pts)))))
target_name = head[2]


def _calc_lim_with_padding(values, padding_ratio):
    value_max = max(values)
    value_min = min(values)
    padding = (value_max - value_min) * padding_ratio
    return value_min - padding, value_max + padding


def _generate_slice_subplot(subplot_info, ax, cmap, padding_ratio, target_name):
    param_name, xs, ys, numbers = subplot_info
    ax.set(xlabel=param_name, ylabel=target_name)
    xlim = _calc_lim_with_padding(xs, padding_ratio)
    ax.set_xlim(xlim[0], xlim[1])
    sc = ax.scatter(xs, ys, c=numbers, cmap=cmap, edgecolors="grey")
    ax.label_outer()
    return sc


# _get_slice_plot
cmap = plt.get_cmap("Blues")
padding_ratio = 0.05
plt.style.use("ggplot")  # Use ggplot style sheet for similar outputs to plotly.
if len(subplots) == 1:
    fig, axs = plt.subplots()
    axs.set_title("Slice Plot")
    sc = _generate_slice_subplot(subplots[0], axs, cmap, padding_ratio, target_name)
else:
    min_figwidth = matplotlib.rcParams["figure.figsize"][0] / 2
    fighight = matplotlib.rcParams["figure.figsize"][1]
    # Ensure that each subplot has a minimum width without relying on auto-sizing.
    fig, axs = plt.subplots(
        1,
        len(subplots),
        sharey=True,
        figsize=(min_figwidth * len(subplots), fighight),
    )
    fig.suptitle("Slice Plot")
    for i, subplot in enumerate(subplots):
        ax = axs[i]
        sc = _generate_slice_subplot(subplot, ax, cmap, padding_ratio, target_name)
axcb = fig.colorbar(sc, ax=axs)
axcb.set_label("Trial")
fig.savefig('output.png', dpi=100, bbox_inches='tight')
