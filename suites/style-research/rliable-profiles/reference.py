"""Performance profiles with confidence bands (rliable, plot_performance_profiles).

Adapted for FigBoard from google-research/rliable, rliable/plot_utils.py
(commit 3ccd9f4dea577a04d3d2b557f259aac08badbd81; Copyright 2021 The Rliable Authors;
Apache License 2.0, see ../LICENSE-APACHE-2.0.txt). Paper: Agarwal et al., "Deep Reinforcement
Learning at the Edge of the Statistical Precipice", NeurIPS 2021 (arXiv:2108.13264).
Changes: reads method, tau, profile and its bootstrap interval from a CSV file instead of
computing them; seaborn's 'colorblind' palette written out as hex (no seaborn in the sandbox);
_annotate_and_decorate_axis and _decorate_axis inlined with the function's defaults
(figsize 10 x 5, linewidth 2, band alpha 0.15, x-large labels, grid alpha 0.2, outward spines);
y ticks follow the data instead of the fixed fractions; legend added; saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'reference_data.csv'
# seaborn.color_palette('colorblind')
COLORBLIND = ['#0173b2', '#de8f05', '#029e73', '#d55e00', '#cc78bc', '#ca9161', '#fbafe4',
              '#949494', '#ece133', '#56b4e9']

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
methods = list(dict.fromkeys(r[0] for r in rows))
colors = dict(zip(methods, COLORBLIND))

_, ax = plt.subplots(figsize=(10, 5))
for method in methods:
    d = sorted((float(r[1]), float(r[2]), float(r[3]), float(r[4])) for r in rows if r[0] == method)
    tau = [p[0] for p in d]
    ax.plot(tau, [p[1] for p in d], color=colors[method], linestyle='solid', linewidth=2.0, label=method)
    ax.fill_between(tau, [p[2] for p in d], [p[3] for p in d], color=colors[method], alpha=0.15)

# _annotate_and_decorate_axis(ax, labelsize='x-large', ticklabelsize='x-large', grid_alpha=0.2)
ax.set_xlabel(head[1], fontsize='x-large')
ax.set_ylabel(head[2], fontsize='x-large')
ax.grid(True, alpha=0.2)
# _decorate_axis(ax, wrect=10, hrect=10, ticklabelsize='x-large')
ax.spines['right'].set_visible(False)
ax.spines['top'].set_visible(False)
ax.spines['left'].set_linewidth(2)
ax.spines['bottom'].set_linewidth(2)
ax.tick_params(length=0.1, width=0.1, labelsize='x-large')
ax.spines['left'].set_position(('outward', 10))
ax.spines['bottom'].set_position(('outward', 10))
ax.legend(fontsize='x-large')
plt.savefig('output.png', dpi=100, bbox_inches='tight')
