# FigBoard baseline "reference code + target data": task nevergrad-fight's reference.py with its data file swapped.
"""Fight plot: pairwise win rates of optimizers as a seismic image from 0 to 100 %, 7 pt tick labels rotated 45 degrees (column names anchored right), a slim colorbar appended on the right (nevergrad, FightPlotter).

Adapted for FigBoard from facebookresearch/nevergrad, nevergrad/benchmark/plotting.py
(commit 617a3b0bcd9b7faa89f68ed6f17b59bec58f2360; Copyright (c) Meta Platforms, Inc. and
affiliates (Facebook, Inc.); MIT License, see ../LICENSE-MIT-nevergrad.txt). Paper: Rapin &
Teytaud, Nevergrad - A gradient-free optimization platform (2018), and the benchmark figures of
e.g. Meunier et al., Black-Box Optimization Revisited, IEEE TEVC 2022 (arXiv:2004.14014).
Changes: reads row optimizer, column optimizer and win rate (0-1) from a CSV file instead of
FightPlotter.winrates_from_selection's frame (rows and columns in file order; the row names are
used as given, without the "(rank: mean +- sd)" suffix the function appends); FightPlotter.__init__
otherwise as is (max_cols = 25); saves output.png at 100 dpi (FightPlotter.save passes the
caller's arguments).
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np
from mpl_toolkits.axes_grid1 import make_axes_locatable

DATA = 'data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
y_names = list(dict.fromkeys(r[0] for r in rows))
columns = list(dict.fromkeys(r[1] for r in rows))
v = {(r[0], r[1]): float(r[2]) for r in rows}
winrates = np.array([[v.get((a, b), 0.5) for b in columns] for a in y_names])

# FightPlotter.__init__
fig = plt.figure()
ax = fig.add_subplot(111)
max_cols = 25
cax_im = ax.imshow(
    100 * np.array(winrates)[:, :max_cols],
    cmap="seismic",
    interpolation="none",
    vmin=0,
    vmax=100,
)
x_names = columns[:max_cols]  # we plot only the 50 best
ax.set_xticks(list(range(len(x_names))))
ax.set_xticklabels(x_names, rotation=45, ha="right", fontsize=7)
ax.set_yticks(list(range(len(y_names))))
ax.set_yticklabels(y_names, rotation=45, fontsize=7)
divider = make_axes_locatable(ax)
cax = divider.append_axes("right", size="5%", pad=0.05)
fig.colorbar(cax_im, cax=cax)
plt.tight_layout()
fig.savefig('output.png', dpi=100)
