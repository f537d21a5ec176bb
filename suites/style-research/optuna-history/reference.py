"""Optimization history: ggplot-style trial scatter with the best-so-far line and an outside legend (optuna, plot_optimization_history).

Adapted for FigBoard from optuna/optuna, optuna/visualization/matplotlib/_optimization_history.py
(commit 1d8ce7bb6f3c7274a7a31a0a007991995085baa7; Copyright (c) 2018 Preferred Networks, Inc.;
MIT License, see ../LICENSE-MIT-optuna.txt). Paper: Akiba et al., "Optuna: A Next-generation
Hyperparameter Optimization Framework", KDD 2019 (arXiv:1907.10902).
Changes: reads study, trial number and objective value from a CSV file instead of a list of
studies (one study per distinct first-column value, as plot_optimization_history draws a list of
studies); every trial is feasible and there are no error bars (the n_trials-per-study branch
without stds); the best-so-far values are computed as optuna's _get_optimization_history_info
does for direction 'minimize'; labels "<study> Objective Value" / "<study> Best Value" as
_get_optimization_history_info_list names them for several studies; the axis labels are the
CSV's header; saves output.png with a tight bounding box (the legend sits outside the axes).
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
studies = list(dict.fromkeys(r[0] for r in rows))
info_list = []
for s in studies:
    pts = sorted((float(r[1]), float(r[2])) for r in rows if r[0] == s)
    numbers = [p[0] for p in pts]
    values = [p[1] for p in pts]
    best = list(np.minimum.accumulate(values))
    info_list.append((numbers, values, best, s))

# _get_optimization_history_plot
plt.style.use("ggplot")  # Use ggplot style sheet for similar outputs to plotly.
_, ax = plt.subplots(tight_layout=True)
ax.set_title("Optimization History Plot")
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
cmap = plt.get_cmap("tab10")  # Use tab10 colormap for similar outputs to plotly.
for i, (trial_numbers, values, best_values, name) in enumerate(info_list):
    ax.scatter(
        x=trial_numbers,
        y=values,
        color=cmap(0) if len(info_list) == 1 else cmap(2 * i),
        alpha=1,
        label=f"{name} Objective Value" if len(info_list) > 1 else "Objective Value",
    )
    ax.plot(
        trial_numbers,
        best_values,
        color=cmap(3) if len(info_list) == 1 else cmap(2 * i + 1),
        alpha=0.5,
        label=f"{name} Best Value" if len(info_list) > 1 else "Best Value",
    )
    ax.legend()
plt.legend(bbox_to_anchor=(1.05, 1.0), loc="upper left")
plt.savefig('output.png', dpi=100, bbox_inches='tight')
