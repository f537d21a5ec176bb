# FigBoard baseline "reference code + target data": task optuna-hypervolume's reference.py with its data file swapped.
"""Hypervolume history in optuna's ggplot look: one tab10 blue line with round markers at half opacity on the grey panel with a white grid (optuna, plot_hypervolume_history).

Adapted for FigBoard from optuna/optuna, optuna/visualization/matplotlib/_hypervolume_history.py
(commit 1d8ce7bb6f3c7274a7a31a0a007991995085baa7; Copyright (c) 2018 Preferred Networks, Inc.;
MIT License, see ../LICENSE-MIT-optuna.txt). Paper: Akiba et al., "Optuna: A Next-generation
Hyperparameter Optimization Framework", KDD 2019 (arXiv:1907.10902).
Changes: reads study, trial number and hypervolume from a CSV file instead of computing the
hypervolume of a multi-objective study (one line per distinct first-column value; the function
draws one study, in tab10's first colour, so further studies take the next tab10 colours and a
legend is added when there are several); the axis labels are the CSV's header; saves output.png
with a tight bounding box.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
studies = list(dict.fromkeys(r[0] for r in rows))

# _get_hypervolume_history_plot
plt.style.use("ggplot")  # Use ggplot style sheet for similar outputs to plotly.
_, ax = plt.subplots()
ax.set_title("Hypervolume History Plot")
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
cmap = plt.get_cmap("tab10")  # Use tab10 colormap for similar outputs to plotly.
for i, s in enumerate(studies):
    pts = sorted((float(r[1]), float(r[2])) for r in rows if r[0] == s)
    ax.plot(
        [p[0] for p in pts],
        [p[1] for p in pts],
        marker="o",
        color=cmap(i),
        alpha=0.5,
        label=s,
    )
if len(studies) > 1:
    ax.legend()
plt.savefig('output.png', dpi=100, bbox_inches='tight')
