# FigBoard baseline "reference code + target data": task rliable-intervals's reference.py with its data file swapped.
"""Interval estimates per metric: translucent interval bars with a point tick (rliable, plot_interval_estimates).

Adapted for FigBoard from google-research/rliable, rliable/plot_utils.py
(commit 3ccd9f4dea577a04d3d2b557f259aac08badbd81; Copyright 2021 The Rliable Authors;
Apache License 2.0, see ../LICENSE-APACHE-2.0.txt). Paper: Agarwal et al., "Deep Reinforcement
Learning at the Edge of the Statistical Precipice", NeurIPS 2021 (arXiv:2108.13264); the
function draws the paper's aggregate-metric figures (Median, IQM, Mean, Optimality Gap).
Changes: reads algorithm, metric, point estimate and the interval half-width from a CSV file
(the interval is point ± half-width); seaborn's 'colorblind' palette written out as hex;
_decorate_axis inlined with the function's arguments; the figure is laid out with the
function's defaults (subfigure width 3.4, row height 0.37 with a 1.6 inch floor so a short
list stays legible); saves output.png with a tight bounding box (the x label sits below the axes).
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'data.csv'
# seaborn.color_palette('colorblind')
COLORBLIND = ['#0173b2', '#de8f05', '#029e73', '#d55e00', '#cc78bc', '#ca9161', '#fbafe4',
              '#949494', '#ece133', '#56b4e9']

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
algorithms = list(dict.fromkeys(r[0] for r in rows))
metric_names = list(dict.fromkeys(r[1] for r in rows))
est = {(r[0], r[1]): (float(r[2]), float(r[3])) for r in rows}
colors = dict(zip(algorithms, COLORBLIND))
num_metrics = len(metric_names)
figsize = (3.4 * num_metrics, max(1.6, 0.37 * len(algorithms)))
fig, axes = plt.subplots(nrows=1, ncols=num_metrics, figsize=figsize, squeeze=False)
h = 0.6
for idx, metric_name in enumerate(metric_names):
    ax = axes[0, idx]
    for alg_idx, algorithm in enumerate(algorithms):
        point, half = est.get((algorithm, metric_name), (0.0, 0.0))
        lower, upper = point - half, point + half
        ax.barh(y=alg_idx, width=upper - lower, height=h, left=lower, color=colors[algorithm],
                alpha=0.75, label=algorithm)
        ax.vlines(x=point, ymin=alg_idx - (7.5 * h / 16), ymax=alg_idx + (6 * h / 16),
                  label=algorithm, color='k', alpha=0.5)
    ax.set_yticks(list(range(len(algorithms))))
    ax.xaxis.set_major_locator(plt.MaxNLocator(4))
    if idx != 0:
        ax.set_yticks([])
    else:
        ax.set_yticklabels(algorithms, fontsize='x-large')
    ax.set_title(metric_name, fontsize='xx-large')
    ax.tick_params(axis='both', which='major')
    # _decorate_axis(ax, ticklabelsize='xx-large', wrect=5)
    ax.spines['right'].set_visible(False)
    ax.spines['top'].set_visible(False)
    ax.spines['left'].set_linewidth(2)
    ax.spines['bottom'].set_linewidth(2)
    ax.tick_params(length=0.1, width=0.1, labelsize='xx-large')
    ax.spines['left'].set_position(('outward', 10))
    ax.spines['bottom'].set_position(('outward', 5))
    ax.spines['left'].set_visible(False)
    ax.grid(True, axis='x', alpha=0.25)
fig.text(0.4, -0.1, head[2], ha='center', fontsize='xx-large')
plt.subplots_adjust(wspace=0.11, left=0.0)
fig.savefig('output.png', dpi=100, bbox_inches='tight')
