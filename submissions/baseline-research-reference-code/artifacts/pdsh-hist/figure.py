# FigBoard baseline "reference code + target data": task pdsh-hist's reference.py with its data file swapped.
"""A histogram under hand-set rcParams: grey #E6E6E6 panel without spines, solid white grid below the bars, grey outward ticks and labels, bars in #EE6666 (then #3388BB, #9988DD, ...) with panel-coloured edges (VanderPlas, Python Data Science Handbook, 04.11 Settings and Stylesheets).

Adapted for FigBoard from jakevdp/PythonDataScienceHandbook, notebooks/04.11-Settings-and-Stylesheets.ipynb
(commit d66231454ef753818dc9213c9b5942e067266966; code cells 3, 9 and 11; Copyright (c) 2016 Jacob
VanderPlas; the notebooks' code is under the MIT License, see ../LICENSE-MIT-PythonDataScienceHandbook.txt).
Book: J. VanderPlas, Python Data Science Handbook, O'Reilly 2016 (2nd ed. 2022).
Changes: reads group and value from a CSV file instead of 1000 normal draws (one plt.hist call
per distinct first-column value, the notebook's colour cycle giving each its colour, with a
legend when there are several; several groups share the notebook's ten default bins' edges);
the notebook's 'classic' style of cell 3 is applied before cell 9's rc settings as in the
notebook; the axis labels are the CSV's header; saves output.png (the notebook shows the figure
inline at 100 dpi).
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np
from matplotlib import cycler

DATA = 'data.csv'

plt.style.use('classic')

colors = cycler('color',
                ['#EE6666', '#3388BB', '#9988DD',
                 '#EECC55', '#88BB44', '#FFBBBB'])
plt.rc('figure', facecolor='white')
plt.rc('axes', facecolor='#E6E6E6', edgecolor='none',
       axisbelow=True, grid=True, prop_cycle=colors)
plt.rc('grid', color='w', linestyle='solid')
plt.rc('xtick', direction='out', color='gray')
plt.rc('ytick', direction='out', color='gray')
plt.rc('patch', edgecolor='#E6E6E6')
plt.rc('lines', linewidth=2)

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
groups = list(dict.fromkeys(r[0] for r in rows))
values = {g: [float(r[1]) for r in rows if r[0] == g] for g in groups}
bins = np.histogram_bin_edges(np.concatenate(list(values.values())), 10)

for g in groups:
    plt.hist(values[g], bins=bins, label=g)
plt.xlabel(head[1])
plt.ylabel('count')
if len(groups) > 1:
    plt.legend()
plt.savefig('output.png', dpi=100)
