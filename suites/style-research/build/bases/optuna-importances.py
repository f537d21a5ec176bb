"""Hyperparameter importances as ggplot-style horizontal bars with value labels (optuna, plot_param_importances).

Adapted for FigBoard from optuna/optuna, optuna/visualization/matplotlib/_param_importances.py
(commit 1d8ce7bb6f3c7274a7a31a0a007991995085baa7; Copyright (c) 2018 Preferred Networks, Inc.;
MIT License, see ../LICENSE-MIT-optuna.txt). Paper: Akiba et al., "Optuna: A Next-generation
Hyperparameter Optimization Framework", KDD 2019 (arXiv:1907.10902); the importances are
PED-ANOVA's (Watanabe et al., IJCAI 2023, arXiv:2304.10255).
Changes: reads parameter names and importances from a CSV file instead of evaluating a study
(rows are drawn in the order optuna gives them: least important first, so the most important
bar is on top; the CSV's order is sorted descending and reversed as _get_importances_infos does);
one objective named "Objective Value" (the default), so _get_importances_plot's loop runs once; the axis labels are the CSV's header;
the value labels follow optuna/visualization/_param_importances.py ("<0.01" below 0.01);
_set_bar_labels inlined; saves output.png with a tight bounding box.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'
AXES_PADDING_RATIO = 1.05

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
importances = dict(sorted(((r[0], float(r[1])) for r in rows), key=lambda kv: -kv[1]))
importances = dict(reversed(list(importances.items())))
importance_values = list(importances.values())
param_names = list(importances.keys())
importance_labels = [f"{val:.2f}" if val >= 0.01 else "<0.01" for val in importance_values]

# _get_importances_plot
plt.style.use("ggplot")  # Use ggplot style sheet for similar outputs to plotly.
fig, ax = plt.subplots()
ax.set_title("Hyperparameter Importances", loc="left")
ax.set_xlabel(head[1])
ax.set_ylabel(head[0])
height = 0.8 / 1  # Default height split between objectives.
objective_id = 0
pos = np.arange(len(param_names))
offset = height * objective_id
ax.barh(
    pos + offset,
    importance_values,
    height=height,
    align="center",
    label="Objective Value",  # info.target_name (the default target name)
    color=plt.get_cmap("tab20c")(objective_id),
)
# _set_bar_labels
renderer = fig.canvas.get_renderer()
for idx, (val, label) in enumerate(zip(importance_values, importance_labels)):
    text = ax.text(val, idx + offset, label, va="center")
    # Sometimes horizontal axis needs to be re-scaled
    # to avoid text going over plot area.
    bbox = text.get_window_extent(renderer)
    bbox = bbox.transformed(ax.transData.inverted())
    _, plot_xmax = ax.get_xlim()
    bbox_xmax = bbox.xmax
    if bbox_xmax > plot_xmax:
        ax.set_xlim(xmax=AXES_PADDING_RATIO * bbox_xmax)
ax.set_yticks(pos + offset / 2, param_names)
ax.legend(loc="best")
fig.savefig('output.png', dpi=100, bbox_inches='tight')
