"""Intermediate values: ggplot-style learning curves per trial, tab20 colours with point markers at 0.7 alpha, legend outside (optuna, plot_intermediate_values).

Adapted for FigBoard from optuna/optuna, optuna/visualization/matplotlib/_intermediate_values.py
(commit 1d8ce7bb6f3c7274a7a31a0a007991995085baa7; Copyright (c) 2018 Preferred Networks, Inc.;
MIT License, see ../LICENSE-MIT-optuna.txt). Paper: Akiba et al., "Optuna: A Next-generation
Hyperparameter Optimization Framework", KDD 2019 (arXiv:1907.10902); the plot shows the
reported values pruners act on.
Changes: reads trial, step and intermediate value from a CSV file instead of a study (one line
per distinct first-column value, which is the legend label in place of "Trial<number>"); every
trial is feasible (no grey pruned lines); the axis labels are the CSV's header; saves
output.png with a tight bounding box (the legend sits outside the axes).
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'reference_data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
trials = list(dict.fromkeys(r[0] for r in rows))
trial_infos = [(t, sorted((float(r[1]), float(r[2])) for r in rows if r[0] == t)) for t in trials]

# _get_intermediate_plot
plt.style.use("ggplot")  # Use ggplot style sheet for similar outputs to plotly.
_, ax = plt.subplots(tight_layout=True)
ax.set_title("Intermediate Values Plot")
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
cmap = plt.get_cmap("tab20")  # Use tab20 colormap for multiple line plots.
for i, (name, sorted_intermediate_values) in enumerate(trial_infos):
    ax.plot(
        tuple((x for x, _ in sorted_intermediate_values)),
        tuple((y for _, y in sorted_intermediate_values)),
        color=cmap(i),
        marker=".",
        alpha=0.7,
        label=name,
    )
if len(trial_infos) >= 2:
    ax.legend(bbox_to_anchor=(1.05, 1), loc="upper left", borderaxespad=0.0)
plt.savefig('output.png', dpi=100, bbox_inches='tight')
