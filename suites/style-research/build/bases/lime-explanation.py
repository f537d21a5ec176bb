"""Local explanation: green and red horizontal bars for positive and negative feature weights, 4 x 4 inch, titled by class (lime, Explanation.as_pyplot_figure).

Adapted for FigBoard from marcotcr/lime, lime/explanation.py (commit
fd7eb2e6f760619c29fca0187c07b82157601b32; Copyright (c) 2016, Marco Tulio Correia Ribeiro;
BSD 2-Clause License, see ../LICENSE-BSD-2-Clause-lime.txt). Paper: Ribeiro, Singh and Guestrin,
"Why Should I Trust You?": Explaining the Predictions of Any Classifier, KDD 2016
(arXiv:1602.04938).
Changes: reads the explanation list (feature condition, weight) of Explanation.as_list from a
CSV file in its order (by absolute weight); classification mode with the class name given here;
saved with a tight bounding box as a notebook shows it (the long condition labels sit left of
the 4 inch figure) to output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
exp = [(r[0], float(r[1])) for r in rows]
class_names = ['not ' + head[1], head[1]]
label = 1
mode = "classification"
figsize = (4, 4)

fig = plt.figure(figsize=figsize)
vals = [x[1] for x in exp]
names = [x[0] for x in exp]
vals.reverse()
names.reverse()
colors = ['green' if x > 0 else 'red' for x in vals]
pos = np.arange(len(exp)) + .5
plt.barh(pos, vals, align='center', color=colors)
plt.yticks(pos, names)
if mode == "classification":
    title = 'Local explanation for class %s' % class_names[label]
else:
    title = 'Local explanation'
plt.title(title)
fig.savefig('output.png', dpi=100, bbox_inches='tight')
