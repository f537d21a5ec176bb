"""Sample-efficiency curves: marked lines with shaded intervals (rliable, plot_sample_efficiency_curve).

Adapted for FigBoard from google-research/rliable, rliable/plot_utils.py
(commit 3ccd9f4dea577a04d3d2b557f259aac08badbd81; Copyright 2021 The Rliable Authors;
Apache License 2.0, see ../LICENSE-APACHE-2.0.txt). Paper: Agarwal et al., "Deep Reinforcement
Learning at the Edge of the Statistical Precipice", NeurIPS 2021 (arXiv:2108.13264); the
function draws the paper's IQM-over-training figures.
Changes: reads algorithm, frames, score and its interval from a CSV file; seaborn's
'colorblind' palette written out as hex; the decorate helpers inlined with the function's
defaults (figsize 7 x 5, marker 'o', linewidth 2, band alpha 0.2, xx-large labels and tick
labels, grid alpha 0.2, outward spines); legend added; saves output.png.
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
algorithms = list(dict.fromkeys(r[0] for r in rows))
colors = dict(zip(algorithms, COLORBLIND))

_, ax = plt.subplots(figsize=(7, 5))
for algorithm in algorithms:
    d = sorted((float(r[1]), float(r[2]), float(r[3]), float(r[4])) for r in rows if r[0] == algorithm)
    frames = [p[0] for p in d]
    ax.plot(frames, [p[1] for p in d], color=colors[algorithm], marker='o', linewidth=2, label=algorithm)
    ax.fill_between(frames, y1=[p[2] for p in d], y2=[p[3] for p in d], color=colors[algorithm], alpha=0.2)

ax.set_xlabel(head[1], fontsize='xx-large')
ax.set_ylabel(head[2], fontsize='xx-large')
ax.grid(True, alpha=0.2)
ax.spines['right'].set_visible(False)
ax.spines['top'].set_visible(False)
ax.spines['left'].set_linewidth(2)
ax.spines['bottom'].set_linewidth(2)
ax.tick_params(length=0.1, width=0.1, labelsize='xx-large')
ax.spines['left'].set_position(('outward', 10))
ax.spines['bottom'].set_position(('outward', 10))
ax.legend(fontsize='x-large')
plt.savefig('output.png', dpi=100, bbox_inches='tight')
