# FigBoard baseline "reference code + target data": task survey's reference.py with its data file swapped.
"""Discrete distribution as horizontal stacked bars (survey answers per question).

Adapted for FigBoard from the Matplotlib gallery example
galleries/examples/lines_bars_and_markers/horizontal_barchart_distribution.py
(Copyright (c) 2012- Matplotlib Development Team; Matplotlib License).
Changes: reads question, answer and count from a CSV file instead of a dict; colour and answer
counts follow the data; saves output.png.
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
PALETTE = None          # explicit answer colours; None samples CMAP
CMAP = 'RdYlGn'
FIGSIZE = (9.2, 5)
BAR_HEIGHT = 0.5
# --- end style ---
plt.style.use(SHEET)
plt.rcParams.update(RC)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
questions = list(dict.fromkeys(r[0] for r in rows))
answers = list(dict.fromkeys(r[1] for r in rows))
value = {(r[0], r[1]): float(r[2]) for r in rows}
data = np.array([[value.get((q, a), 0.0) for a in answers] for q in questions])
data_cum = data.cumsum(axis=1)
colors = PALETTE or plt.colormaps[CMAP](np.linspace(0.15, 0.85, len(answers)))

fig, ax = plt.subplots(figsize=FIGSIZE)
ax.invert_yaxis()
ax.xaxis.set_visible(False)
ax.set_xlim(0, data_cum[:, -1].max())
for i, (name, color) in enumerate(zip(answers, colors)):
    widths = data[:, i]
    starts = data_cum[:, i] - widths
    rects = ax.barh(questions, widths, left=starts, height=BAR_HEIGHT, label=name, color=color)
    r, g, b, _ = matplotlib.colors.to_rgba(color)
    text_color = 'white' if r * g * b < 0.5 else 'darkgrey'
    # Label only segments wide enough to hold their number (narrow ones stay unlabelled).
    labels = [f'{w:g}' for w in widths]
    px = ax.transData.transform([(w, 0) for w in widths])[:, 0] - ax.transData.transform((0, 0))[0]
    fits = [len(t) * 0.62 * plt.rcParams['font.size'] * fig.dpi / 72 + 4 < p for t, p in zip(labels, px)]
    ax.bar_label(rects, labels=[t if ok else '' for t, ok in zip(labels, fits)], label_type='center',
                 color=text_color)
ax.legend(ncols=len(answers), bbox_to_anchor=(0, 1), loc='lower left', fontsize='small')
fig.savefig('output.png', dpi=100, bbox_inches='tight')
