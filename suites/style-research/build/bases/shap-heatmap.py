"""Instances x features heatmap of SHAP values: red-white-blue cells, f(x) curve above, importance bars and a thin colour bar beside (shap, shap.plots.heatmap).

Adapted for FigBoard from shap/shap, shap/plots/_heatmap.py
(commit df974a1966294b9c7acebb1373fd6dc5445d1d3d; Copyright (c) 2018 Scott Lundberg; MIT License,
see ../LICENSE-MIT-shap.txt). Paper: Lundberg et al., "From local explanations to global understanding with explainable AI for trees", Nature Machine Intelligence 2, 56-67 (2020).
Changes: reads feature, instance and SHAP value from a CSV file (instances in the file's order
instead of the hclust ordering; feature_values = mean |SHAP| as the default OpChain computes);
the red_white_blue colour map built from shap's blue_rgb and red_rgb as shap.plots.colors does;
plt.tight_layout and saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.cm as cm
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import LinearSegmentedColormap

DATA = 'reference_data.csv'
# shap.plots.colors: blue_rgb and red_rgb (Lch [54, 70, 4.6588] and [54, 90, 0.3547 + 2 pi]
# converted to RGB by shap's _colorconv), written out
blue_rgb = np.array([0.0, 0.54337757, 0.98337906])
red_rgb = np.array([1.0, 0.0, 0.31796406])
white_rgb = np.array([1.0, 1.0, 1.0])
colors = []
for alpha in np.linspace(1, 0, 100):
    colors.append(blue_rgb * alpha + (1 - alpha) * white_rgb)
for alpha in np.linspace(0, 1, 100):
    colors.append(red_rgb * alpha + (1 - alpha) * white_rgb)
red_white_blue = LinearSegmentedColormap.from_list("red_white_blue", colors)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
names = list(dict.fromkeys(r[0] for r in rows))
instances = list(dict.fromkeys(r[1] for r in rows))
v = {(r[0], r[1]): float(r[2]) for r in rows}
shap_matrix = np.array([[v.get((n, i), 0.0) for n in names] for i in instances])
cmap = red_white_blue
max_display = 10
plot_width = 8

feature_values = np.abs(shap_matrix).mean(0)
feature_order = np.argsort(-feature_values)
xlabel = "Instances"
feature_names = np.array(names)[feature_order]
values = shap_matrix[:, feature_order]
feature_values = feature_values[feature_order]
if values.shape[1] > max_display:
    new_values = np.zeros((values.shape[0], max_display))
    new_values[:, :-1] = values[:, : max_display - 1]
    new_values[:, -1] = values[:, max_display - 1 :].sum(1)
    new_feature_values = np.zeros(max_display)
    new_feature_values[:-1] = feature_values[: max_display - 1]
    new_feature_values[-1] = feature_values[max_display - 1 :].sum()
    feature_names = [
        *feature_names[: max_display - 1],
        f"Sum of {values.shape[1] - max_display + 1} other features",
    ]
    values = new_values
    feature_values = new_feature_values

row_height = 0.5
plt.gcf().set_size_inches(plot_width, values.shape[1] * row_height + 2.5)
ax = plt.gca()

vmin, vmax = np.nanpercentile(values.flatten(), [1, 99])
ax.imshow(
    values.T,
    aspect=0.7 * values.shape[0] / values.shape[1],
    interpolation="nearest",
    vmin=min(vmin, -vmax),
    vmax=max(-vmin, vmax),
    cmap=cmap,
)
ax.xaxis.set_ticks_position("bottom")
ax.yaxis.set_ticks_position("left")
ax.spines[["left", "right"]].set_visible(True)
ax.spines[["left", "right"]].set_bounds(values.shape[1] - row_height, -row_height)
ax.spines[["top", "bottom"]].set_visible(False)
ax.tick_params(axis="both", direction="out")

ax.set_ylim(values.shape[1] - row_height, -3)
heatmap_yticks_pos = np.arange(values.shape[1])
heatmap_yticks_labels = feature_names
ax.yaxis.set_ticks(
    [-1.5, *heatmap_yticks_pos],
    [r"$f(x)$", *heatmap_yticks_labels],
    fontsize=13,
)
ax.yaxis.get_ticklines()[0].set_visible(False)
ax.set_xlim(-0.5, values.shape[0] - 0.5)
ax.set_xlabel(xlabel)

ax.axhline(-1.5, color="#aaaaaa", linestyle="--", linewidth=0.5)
fx = values.T.sum(0)
fx_max = np.abs(fx).max()
fx_normalized = fx / fx_max if fx_max > 0 else fx
ax.plot(
    -fx_normalized - 1.5,
    color="#000000",
    linewidth=1,
)

fv_max = np.abs(feature_values).max()
bar_widths = (feature_values / fv_max) * values.shape[0] / 20 if fv_max > 0 else np.zeros_like(feature_values)
bar_container = ax.barh(
    heatmap_yticks_pos,
    bar_widths,
    height=0.7,
    align="center",
    color="#000000",
    left=values.shape[0] * 1.0 - 0.5,
)
for b in bar_container:
    b.set_clip_on(False)

m = cm.ScalarMappable(cmap=cmap)
m.set_array([min(vmin, -vmax), max(-vmin, vmax)])
cb = plt.colorbar(
    m,
    ticks=[min(vmin, -vmax), max(-vmin, vmax)],
    ax=ax,
    aspect=80,
    fraction=0.01,
    pad=0.10,
)
cb.set_label("SHAP value (impact on model output)", size=12, labelpad=-10)
cb.ax.tick_params(labelsize=11, length=0)
cb.set_alpha(1)
cb.outline.set_visible(False)
plt.tight_layout()
plt.savefig('output.png', dpi=100)
