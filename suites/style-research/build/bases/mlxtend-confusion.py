"""Confusion matrix: Blues cells with counts and row-normalised shares in white or black, colour bar, 45-degree predicted-class labels (mlxtend, plot_confusion_matrix).

Adapted for FigBoard from rasbt/mlxtend, mlxtend/plotting/plot_confusion_matrix.py
(commit 9aadcee334f8b07003246d436cd9135b6d62a6b2; Copyright (c) 2014-2026, Sebastian Raschka;
BSD 3-Clause License, see ../LICENSE-BSD-3-Clause-mlxtend.txt). Paper: Raschka, "MLxtend:
Providing machine learning and data science utilities and extensions to Python's scientific
computing stack", Journal of Open Source Software 3(24), 638 (2018).
Changes: reads true class, predicted class and count from a CSV file; called as
plot_confusion_matrix(conf_mat, colorbar=True, show_absolute=True, show_normed=True,
class_names=...) with the body inlined; the class names of each axis come from the file (rows
and columns may differ in number); as in the original, figsize is computed after the figure is
made, so the figure keeps matplotlib's default size; plt.tight_layout and saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
true_names = list(dict.fromkeys(r[0] for r in rows))
pred_names = list(dict.fromkeys(r[1] for r in rows))
v = {(r[0], r[1]): float(r[2]) for r in rows}
conf_mat = np.array([[v.get((t, p), 0.0) for p in pred_names] for t in true_names])

hide_spines = False
hide_ticks = False
figsize = None
cmap = None
colorbar = True
show_absolute = True
show_normed = True
norm_colormap = None
fontcolor_threshold = 0.5

total_samples = conf_mat.sum(axis=1)[:, np.newaxis]
normed_conf_mat = conf_mat.astype("float") / total_samples

fig, ax = plt.subplots(figsize=figsize)
ax.grid(False)
if cmap is None:
    cmap = plt.cm.Blues

if figsize is None:
    figsize = (len(conf_mat) * 1.25, len(conf_mat) * 1.25)

if show_normed:
    matshow = ax.matshow(normed_conf_mat, cmap=cmap, norm=norm_colormap)
else:
    matshow = ax.matshow(conf_mat, cmap=cmap, norm=norm_colormap)

if colorbar:
    fig.colorbar(matshow)

for i in range(conf_mat.shape[0]):
    for j in range(conf_mat.shape[1]):
        cell_text = ""
        if show_absolute:
            num = conf_mat[i, j].astype(np.int64)
            cell_text += format(num, "d")
            if show_normed:
                cell_text += "\n" + "("
                cell_text += format(normed_conf_mat[i, j], ".2f") + ")"
        else:
            cell_text += format(normed_conf_mat[i, j], ".2f")

        if show_normed:
            ax.text(
                x=j,
                y=i,
                s=cell_text,
                va="center",
                ha="center",
                color=(
                    "white"
                    if normed_conf_mat[i, j] > 1 * fontcolor_threshold
                    else "black"
                ),
            )
        else:
            ax.text(
                x=j,
                y=i,
                s=cell_text,
                va="center",
                ha="center",
                color=(
                    "white"
                    if conf_mat[i, j] > np.max(conf_mat) * fontcolor_threshold
                    else "black"
                ),
            )

plt.xticks(
    np.arange(len(pred_names)), pred_names, rotation=45, ha="right", rotation_mode="anchor"
)
plt.yticks(np.arange(len(true_names)), true_names)

if hide_spines:
    ax.spines["right"].set_visible(False)
    ax.spines["top"].set_visible(False)
    ax.spines["left"].set_visible(False)
    ax.spines["bottom"].set_visible(False)
ax.yaxis.set_ticks_position("left")
ax.xaxis.set_ticks_position("bottom")
if hide_ticks:
    ax.axes.get_yaxis().set_ticks([])
    ax.axes.get_xaxis().set_ticks([])

plt.xlabel("predicted label")
plt.ylabel("true label")
plt.tight_layout()
plt.savefig('output.png', dpi=100)
