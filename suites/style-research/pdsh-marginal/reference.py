"""Scatter with marginal histograms on a GridSpec: faint black dots (alpha 0.2) in the main panel, grey step-filled histograms on the left and below, each inverted towards the scatter, seaborn-white style (VanderPlas, Python Data Science Handbook, 04.08 Multiple Subplots).

Adapted for FigBoard from jakevdp/PythonDataScienceHandbook, notebooks/04.08-Multiple-Subplots.ipynb
(commit d66231454ef753818dc9213c9b5942e067266966; code cells 2 and 24; Copyright (c) 2016 Jacob
VanderPlas; the notebooks' code is under the MIT License, see ../LICENSE-MIT-PythonDataScienceHandbook.txt).
Book: J. VanderPlas, Python Data Science Handbook, O'Reilly 2016 (2nd ed. 2022).
Changes: reads group, x and y from a CSV file instead of 3000 multivariate normal draws (all
rows go into the one scatter and the two histograms, as the notebook's single sample does);
the style's name is matplotlib 3.6's 'seaborn-v0_8-white' (the notebook's 'seaborn-white',
renamed); the main panel's axis labels are the CSV's header; saves output.png at 100 dpi.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'

plt.style.use('seaborn-v0_8-white')

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
x = np.array([float(r[1]) for r in rows])
y = np.array([float(r[2]) for r in rows])

# Set up the axes with GridSpec
fig = plt.figure(figsize=(6, 6))
grid = plt.GridSpec(4, 4, hspace=0.2, wspace=0.2)
main_ax = fig.add_subplot(grid[:-1, 1:])
y_hist = fig.add_subplot(grid[:-1, 0], xticklabels=[], sharey=main_ax)
x_hist = fig.add_subplot(grid[-1, 1:], yticklabels=[], sharex=main_ax)

# Scatter points on the main axes
main_ax.plot(x, y, 'ok', markersize=3, alpha=0.2)
main_ax.set_title('%s vs %s' % (head[2], head[1]))

# Histogram on the attached axes
x_hist.hist(x, 40, histtype='stepfilled',
            orientation='vertical', color='gray')
x_hist.invert_yaxis()
x_hist.set_xlabel(head[1])

y_hist.hist(y, 40, histtype='stepfilled',
            orientation='horizontal', color='gray')
y_hist.invert_xaxis()
y_hist.set_ylabel(head[2])

fig.savefig('output.png', dpi=100)
