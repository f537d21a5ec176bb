# FigBoard baseline "reference code + target data": task stocks's reference.py with its data file swapped.
"""Many time series on a log scale, labelled at their right ends instead of a legend.

Adapted for FigBoard from the Matplotlib gallery example galleries/examples/showcase/stock_prices.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads series, year and value from a CSV file (the example downloads Stocks.csv); the
right-end labels are spread apart by a small rule instead of hand-set offsets; saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
# --- style ---
SHEET = 'default'
RC = {}
PALETTE = ['#1f77b4', '#aec7e8', '#ff7f0e', '#ffbb78', '#2ca02c', '#98df8a', '#d62728', '#ff9896',
           '#9467bd', '#c5b0d5', '#8c564b', '#c49c94', '#e377c2', '#f7b6d2', '#7f7f7f', '#c7c7c7',
           '#bcbd22', '#dbdb8d', '#17becf', '#9edae5']
FIGSIZE = (6, 8)
LINEWIDTH = 2.5
GRID = dict(ls='--', lw=.5, c='k', alpha=.3)
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
names = list(dict.fromkeys(r[0] for r in rows))
series = {n: np.array([(float(r[1]), float(r[2])) for r in rows if r[0] == n]) for n in names}
log = all(v > 0 for s in series.values() for v in s[:, 1])

fig, ax = plt.subplots(1, 1, figsize=FIGSIZE, layout='constrained')
if PALETTE:
    ax.set_prop_cycle(color=PALETTE)
x0 = min(s[:, 0].min() for s in series.values())
x1 = max(s[:, 0].max() for s in series.values())
ends = []
for name in names:
    s = series[name][np.argsort(series[name][:, 0])]
    line, = ax.plot(s[:, 0], s[:, 1], lw=LINEWIDTH)
    ends.append([s[-1, 1], name, line.get_color()])
if log:
    ax.set_yscale('log')
ax.set_xlim(x0, x1 + 0.12 * (x1 - x0))
fig.canvas.draw()
# Spread the end labels so no two are closer than one label height (in display pixels).
tr = ax.transData
ends.sort(key=lambda e: e[0])
ys = [tr.transform((x1, e[0]))[1] for e in ends]
gap = 1.25 * plt.rcParams['font.size'] * fig.dpi / 72
for i in range(1, len(ys)):
    ys[i] = max(ys[i], ys[i - 1] + gap)
for y, (v, name, color) in zip(ys, ends):
    yd = tr.inverted().transform((0, y))[1]
    ax.text(x1 + 0.01 * (x1 - x0), yd, name, color=color, va='center')
fig.suptitle(f'{head[2]} by {head[0].lower()} ({x0:g}-{x1:g})', ha='center')
ax.spines[:].set_visible(False)
ax.xaxis.tick_bottom()
ax.yaxis.tick_left()
ax.grid(True, 'major', 'both', **GRID)
ax.tick_params(axis='both', which='both', labelsize='large', bottom=False, top=False,
               labelbottom=True, left=False, right=False, labelleft=True)
fig.savefig('output.png', dpi=100)
