# FigBoard baseline "reference code + target data": task scienceplots-muted's reference.py with its data file swapped.
"""SciencePlots example fig08: plt.style.context(['science', 'muted']).

Adapted for FigBoard from garrettj403/SciencePlots, examples/plot-examples.py and the style sheets
under src/scienceplots/styles/ (commit 8d281eabcf5f8159730e6df82e69c7ecd5437cb6; Copyright (c) 2018 John Garrett; MIT License,
see ../LICENSE-MIT-SciencePlots.txt). SciencePlots: Matplotlib styles for scientific figures
(J. D. Garrett, SciencePlots, Zenodo, doi:10.5281/zenodo.4106649), used for journal figures.
Changes: the style sheets are inlined as rcParams dicts (no scienceplots package in the sandbox)
with 'no-latex' applied last (no TeX in the sandbox; the examples do the same without LaTeX);
the model curves (one per order) are read from a CSV file instead of computed;
the axis labels come from the CSV header; saves output.png at 200 dpi (the example: 300) with
the sheet's savefig.bbox 'tight' and pad 0.05 passed to savefig itself.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'data.csv'
TITLE = 'Order'
# science.mplstyle
SCIENCE = {
    'axes.prop_cycle': plt.cycler('color', ['#0C5DA5', '#00B945', '#FF9500', '#FF2C00', '#845B97', '#474747', '#9e9e9e']),
    'figure.figsize': (3.5, 2.625),
    'xtick.direction': 'in',
    'xtick.major.size': 3,
    'xtick.major.width': 0.5,
    'xtick.minor.size': 1.5,
    'xtick.minor.width': 0.5,
    'xtick.minor.visible': True,
    'xtick.top': True,
    'ytick.direction': 'in',
    'ytick.major.size': 3,
    'ytick.major.width': 0.5,
    'ytick.minor.size': 1.5,
    'ytick.minor.width': 0.5,
    'ytick.minor.visible': True,
    'ytick.right': True,
    'axes.linewidth': 0.5,
    'grid.linewidth': 0.5,
    'lines.linewidth': 1.0,
    'legend.frameon': False,
    'savefig.bbox': 'tight',
    'savefig.pad_inches': 0.05,
    'font.family': 'serif',
    'mathtext.fontset': 'dejavuserif',
}
# muted.mplstyle
MUTED = {
    'axes.prop_cycle': plt.cycler('color', ['#CC6677', '#332288', '#DDCC77', '#117733', '#88CCEE', '#882255', '#44AA99', '#999933', '#AA4499', '#DDDDDD']),
}
# no-latex.mplstyle
NO_LATEX = {
    'text.usetex': False,
    'font.serif': ['STIXGeneral'],
    'font.family': 'serif',
    'axes.formatter.use_mathtext': True,
    'mathtext.fontset': 'cm',
}
STYLE = [SCIENCE, MUTED, NO_LATEX]

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
orders = list(dict.fromkeys(r[0] for r in rows))

with plt.style.context(STYLE):
    fig, ax = plt.subplots()
    for p in orders:
        d = sorted((float(r[1]), float(r[2])) for r in rows if r[0] == p)
        ax.plot([a for a, _ in d], [b for _, b in d], label=p)
    ax.legend(title=TITLE, fontsize=7)
    ax.autoscale(tight=True)
    ax.set(xlabel=head[1], ylabel=head[2])
    fig.savefig('output.png', dpi=200, bbox_inches='tight', pad_inches=0.05)
    plt.close()
