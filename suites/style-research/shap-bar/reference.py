"""Global feature importance: shap red horizontal bars with signed value labels (shap, shap.plots.bar).

Adapted for FigBoard from shap/shap, shap/plots/_bar.py
(commit df974a1966294b9c7acebb1373fd6dc5445d1d3d; Copyright (c) 2018 Scott Lundberg; MIT License,
see ../LICENSE-MIT-shap.txt). Paper: Lundberg and Lee, "A Unified Approach to Interpreting Model Predictions", NeurIPS 2017 (arXiv:1705.07874).
Changes: reads feature name and mean(|SHAP value|) per feature from a CSV file (one cohort, no
clustering, no feature data, so no partition tree and plain feature names); the default
StyleConfig colours written out; shap.utils.format_value copied; the Explanation op history
reduced to the label it makes, "mean(|SHAP value|)"; shap's name tick set (recoloured #999999)
lies under a second, identical black set when there is no feature data, so only the black set
is drawn (overlapping texts are a defect here); saves output.png.
"""
import csv
import re

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'
# shap.plots.colors: blue_rgb and red_rgb (Lch [54, 70, 4.6588] and [54, 90, 0.3547 + 2 pi]
# converted to RGB by shap's _colorconv), written out
blue_rgb = np.array([0.0, 0.54337757, 0.98337906])
red_rgb = np.array([1.0, 0.0, 0.31796406])
primary_color_positive = red_rgb
primary_color_negative = blue_rgb


def format_value(s, format_str):
    """Strips trailing zeros and uses a unicode minus sign."""
    if not issubclass(type(s), str):
        s = format_str % s
    s = re.sub(r"\.?0+$", "", s)
    if len(s) > 0 and s[0] == "-":
        s = "\u2212" + s[1:]
    return s


with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
feature_names = [r[0] for r in rows]
values = np.array([[float(r[1]) for r in rows]])
xlabel = "mean(|SHAP value|)"
max_display = 10
num_features = min(max_display, len(values[0]))
feature_order = np.argsort(-np.abs(values[0]))
feature_inds = feature_order[:max_display]
y_pos = np.arange(len(feature_inds), 0, -1)
yticklabels = [feature_names[i] for i in feature_inds]
if num_features < len(values[0]):
    num_cut = len(values[0]) - num_features + 1
    values[:, feature_order[num_features - 1]] = np.sum(
        [values[:, feature_order[i]] for i in range(num_features - 1, len(values[0]))], 0
    )
    yticklabels[-1] = f"Sum of {num_cut} other features"

ax = plt.gca()
fig = plt.gcf()
row_height = 0.5
fig.set_size_inches(8, num_features * row_height * np.sqrt(len(values)) + 1.5)

negative_values_present = np.sum(values[:, feature_order[:num_features]] < 0) > 0
if negative_values_present:
    ax.axvline(0, 0, 1, color="#000000", linestyle="-", linewidth=1, zorder=1)

patterns = (None, "\\\\", "++", "xx", "////", "*", "o", "O", ".", "-")
total_width = 0.7
bar_width = total_width / len(values)
for i in range(len(values)):
    ypos_offset = -((i - len(values) / 2) * bar_width + bar_width / 2)
    ax.barh(
        y_pos + ypos_offset,
        values[i, feature_inds],
        bar_width,
        align="center",
        color=[
            primary_color_negative if values[i, feature_inds[j]] <= 0 else primary_color_positive
            for j in range(len(y_pos))
        ],
        hatch=patterns[i],
        edgecolor=(1, 1, 1, 0.8),
        label="",
    )
# shap sets two tick sets, the names (recoloured #999999 below) and at y + 1e-8 the text after
# "=", drawn over them; without feature data both are the name, so the one that shows is kept
ax.set_yticks(list(y_pos + 1e-8), [t.split("=")[-1] for t in yticklabels], fontsize=13)

xlen = ax.get_xlim()[1] - ax.get_xlim()[0]
bbox = ax.get_window_extent().transformed(ax.figure.dpi_scale_trans.inverted())
width = bbox.width
bbox_to_xscale = xlen / width

for i in range(len(values)):
    ypos_offset = -((i - len(values) / 2) * bar_width + bar_width / 2)
    for j in range(len(y_pos)):
        ind = feature_order[j]
        if values[i, ind] < 0:
            ax.text(
                values[i, ind] - (5 / 72) * bbox_to_xscale,
                y_pos[j] + ypos_offset,
                format_value(values[i, ind], "%+0.02f"),
                horizontalalignment="right",
                verticalalignment="center",
                color=primary_color_negative,
                fontsize=12,
            )
        else:
            ax.text(
                values[i, ind] + (5 / 72) * bbox_to_xscale,
                y_pos[j] + ypos_offset,
                format_value(values[i, ind], "%+0.02f"),
                horizontalalignment="left",
                verticalalignment="center",
                color=primary_color_positive,
                fontsize=12,
            )

for i in range(num_features):
    ax.axhline(i + 1, color="#888888", lw=0.5, dashes=(1, 5), zorder=-1)

ax.xaxis.set_ticks_position("bottom")
ax.yaxis.set_ticks_position("none")
ax.spines["right"].set_visible(False)
ax.spines["top"].set_visible(False)
if negative_values_present:
    ax.spines["left"].set_visible(False)
ax.tick_params("x", labelsize=11)

xmin, xmax = ax.get_xlim()
ymin, ymax = ax.get_ylim()
x_buffer = (xmax - xmin) * 0.05
if negative_values_present:
    ax.set_xlim(xmin - x_buffer, xmax + x_buffer)
else:
    ax.set_xlim(xmin, xmax + x_buffer)
ax.set_xlabel(xlabel, fontsize=13)
plt.tight_layout()
plt.savefig('output.png', dpi=100)
