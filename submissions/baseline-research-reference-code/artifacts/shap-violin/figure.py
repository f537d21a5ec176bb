# FigBoard baseline "reference code + target data": task shap-violin's reference.py with its data file swapped.
"""SHAP value distributions per feature: flat shap-blue horizontal violins on dotted row guides (shap, shap.plots.violin).

Adapted for FigBoard from shap/shap, shap/plots/_violin.py
(commit df974a1966294b9c7acebb1373fd6dc5445d1d3d; Copyright (c) 2018 Scott Lundberg; MIT License,
see ../LICENSE-MIT-shap.txt). Paper: Lundberg and Lee, "A Unified Approach to Interpreting Model Predictions", NeurIPS 2017 (arXiv:1705.07874).
Changes: reads feature name and one SHAP value per row from a CSV file (the values of one feature
are one group; groups of unequal size are drawn by one violinplot each, as violinplot takes a
list); no feature values, so the function's uncoloured branch (plt.violinplot with its defaults
color=blue_rgb, alpha=1) and no colour bar; the vert=False/orientation switch fixed to
matplotlib 3.6's vert=False; saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
# shap.plots.colors: blue_rgb and red_rgb (Lch [54, 70, 4.6588] and [54, 90, 0.3547 + 2 pi]
# converted to RGB by shap's _colorconv), written out
blue_rgb = np.array([0.0, 0.54337757, 0.98337906])
red_rgb = np.array([1.0, 0.0, 0.31796406])

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
feature_names = list(dict.fromkeys(r[0] for r in rows))
shap_values = [np.array([float(r[1]) for r in rows if r[0] == n]) for n in feature_names]
color = blue_rgb
axis_color = "#333333"
alpha = 1
axhline_lw = 0.5
max_display = 20
feature_order = np.argsort([np.sum(np.abs(v)) / len(v) for v in shap_values])
feature_order = feature_order[-min(max_display, len(feature_order)) :]

row_height = 0.4
plt.gcf().set_size_inches(8, len(feature_order) * row_height + 1.5)
plt.axvline(x=0, color="#999999", zorder=-1)

for pos in range(len(feature_order)):
    plt.axhline(y=pos, color="#cccccc", lw=axhline_lw, dashes=(1, 5), zorder=-1)
parts = plt.violinplot(
    [shap_values[i] for i in feature_order],
    range(len(feature_order)),
    points=200,
    vert=False,
    widths=0.7,
    showmeans=False,
    showextrema=False,
    showmedians=False,
)
for pc in parts["bodies"]:
    pc.set_facecolor(color)
    pc.set_edgecolor("none")
    pc.set_alpha(alpha)

plt.gca().xaxis.set_ticks_position("bottom")
plt.gca().yaxis.set_ticks_position("none")
plt.gca().spines["right"].set_visible(False)
plt.gca().spines["top"].set_visible(False)
plt.gca().spines["left"].set_visible(False)
plt.gca().tick_params(color=axis_color, labelcolor=axis_color)
plt.yticks(range(len(feature_order)), [feature_names[i] for i in feature_order], fontsize=13)
plt.gca().tick_params("y", length=20, width=0.5, which="major")
plt.gca().tick_params("x", labelsize=11)
plt.ylim(-1, len(feature_order))
plt.xlabel("SHAP value (impact on model output)", fontsize=13)
plt.tight_layout()
plt.savefig('output.png', dpi=100)
