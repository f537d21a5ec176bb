# FigBoard baseline "reference code + target data": task baselines-results's reference.py with its data file swapped.
"""Learning curves averaged over seeds: mean line, darker standard-error band, lighter std band (OpenAI Baselines, plot_results).

Adapted for FigBoard from openai/baselines, baselines/common/plot_util.py
(commit ea25b9e8b234e6ee1bca43083f8f3cf974143998; Copyright (c) 2017 OpenAI; MIT License, see
../LICENSE-MIT-openai-baselines.txt). plot_results(average_group=True) draws the learning curves
of the Baselines benchmarks (Dhariwal et al., OpenAI Baselines, 2017; e.g. the PPO paper,
Schulman et al., arXiv:1707.06347).
Changes: reads group, step, mean return and its standard deviation over seeds from a CSV file
instead of loading monitor logs and resampling them (the standard error is std / sqrt(5): five
seeds per group, as the legend says); one split key, so one 6 x 6 inch panel titled with the
y column; the COLORS list, the two bands (alpha .4 and .2), tight_layout, the legend of
'group (count)' and the axis labels as the function draws them; a group's colour is its rank in
sorted order (the function indexes list(set(...)), an arbitrary order, while it draws the groups
sorted); saves output.png.
"""
import csv
import math

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
SEEDS = 5
COLORS = ['blue', 'green', 'red', 'cyan', 'magenta', 'yellow', 'black', 'purple', 'pink',
          'brown', 'orange', 'teal', 'lightblue', 'lime', 'lavender', 'turquoise',
          'darkgreen', 'tan', 'salmon', 'gold', 'darkred', 'darkblue']

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
groups = list(dict.fromkeys(r[0] for r in rows))

f, axarr = plt.subplots(1, 1, sharex=False, squeeze=False, figsize=(6, 6))
ax = axarr[0][0]
g2l = {}
for group in sorted(groups):
    d = np.array(sorted((float(r[1]), float(r[2]), float(r[3])) for r in rows if r[0] == group))
    usex, ymean, ystd = d[:, 0], d[:, 1], d[:, 2]
    ystderr = ystd / math.sqrt(SEEDS)
    color = COLORS[sorted(groups).index(group) % len(COLORS)]
    l, = ax.plot(usex, ymean, color=color)
    g2l[group] = l
    ax.fill_between(usex, ymean - ystderr, ymean + ystderr, color=color, alpha=.4)
    ax.fill_between(usex, ymean - ystd, ymean + ystd, color=color, alpha=.2)
plt.tight_layout()
ax.legend(g2l.values(), ['%s (%i)' % (g, SEEDS) for g in g2l])
ax.set_title(head[2])
ax.set_xlabel(head[1])
ax.set_ylabel(head[2])
plt.tight_layout()
plt.savefig('output.png', dpi=100)
