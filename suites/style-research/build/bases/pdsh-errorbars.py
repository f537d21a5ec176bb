"""Error bars the handbook's way: black round markers over thick light-grey bars without caps, on the seaborn-whitegrid style (VanderPlas, Python Data Science Handbook, 04.03 Errorbars).

Adapted for FigBoard from jakevdp/PythonDataScienceHandbook, notebooks/04.03-Errorbars.ipynb
(commit d66231454ef753818dc9213c9b5942e067266966; code cells 3 and 6; Copyright (c) 2016 Jacob
VanderPlas; the notebooks' code is under the MIT License, see ../LICENSE-MIT-PythonDataScienceHandbook.txt).
Book: J. VanderPlas, Python Data Science Handbook, O'Reilly 2016 (2nd ed. 2022).
Changes: reads series, x, y and the error from a CSV file instead of 50 noisy sine draws (one
errorbar call per distinct first-column value: the first black as in the notebook, further ones
in the style's next colours, with a legend when there are several); the style's name is
matplotlib 3.6's 'seaborn-v0_8-whitegrid' (the notebook's 'seaborn-whitegrid', renamed); the
axis labels are the CSV's header; saves output.png (the notebook shows the figure inline at
matplotlib's default size and 100 dpi).
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'reference_data.csv'

plt.style.use('seaborn-v0_8-whitegrid')

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
series = list(dict.fromkeys(r[0] for r in rows))
colors = ['black'] + plt.rcParams['axes.prop_cycle'].by_key()['color']

for i, s in enumerate(series):
    pts = sorted((float(r[1]), float(r[2]), float(r[3])) for r in rows if r[0] == s)
    x, y, dy = ([p[k] for p in pts] for k in range(3))
    plt.errorbar(x, y, yerr=dy, fmt='o', color=colors[i % len(colors)],
                 ecolor='lightgray', elinewidth=3, capsize=0, label=s)
plt.xlabel(head[1])
plt.ylabel(head[2])
if len(series) > 1:
    plt.legend()
plt.savefig('output.png', dpi=100)
