# FigBoard baseline "reference code + target data": task scienceplots-scatter's reference.py with its data file swapped.
"""SciencePlots example fig03: plt.style.context(['science', 'scatter']).

Adapted for FigBoard from garrettj403/SciencePlots, examples/plot-examples.py and the style sheets
under src/scienceplots/styles/ (commit 8d281eabcf5f8159730e6df82e69c7ecd5437cb6; Copyright (c) 2018 John Garrett; MIT License,
see ../LICENSE-MIT-SciencePlots.txt). SciencePlots: Matplotlib styles for scientific figures
(J. D. Garrett, SciencePlots, Zenodo, doi:10.5281/zenodo.4106649), used for journal figures.
Changes: the style sheets are inlined as rcParams dicts (no scienceplots package in the sandbox)
with 'no-latex' applied last (no TeX in the sandbox; the examples do the same without LaTeX);
the seven random samples of the example are read from a CSV file, and the identity line, its band and the limits follow the data;
the axis labels come from the CSV header; saves output.png at 200 dpi (the example: 300) with
the sheet's savefig.bbox 'tight' and pad 0.05 passed to savefig itself.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'data.csv'
TITLE = 'Sample'
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
# scatter.mplstyle
SCATTER = {
    'axes.prop_cycle': plt.cycler('marker', ['o', 's', '^', 'v', '<', '>', 'd']) + plt.cycler('color', ['#0C5DA5', '#00B945', '#FF9500', '#FF2C00', '#845B97', '#474747', '#9e9e9e']) + plt.cycler('ls', [' ', ' ', ' ', ' ', ' ', ' ', ' ']),
    'lines.markersize': 3,
}
# no-latex.mplstyle
NO_LATEX = {
    'text.usetex': False,
    'font.serif': ['STIXGeneral'],
    'font.family': 'serif',
    'axes.formatter.use_mathtext': True,
    'mathtext.fontset': 'cm',
}
STYLE = [SCIENCE, SCATTER, NO_LATEX]

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
samples = list(dict.fromkeys(r[0] for r in rows))
pts = [(float(r[1]), float(r[2])) for r in rows]
lo = min(min(a, b) for a, b in pts)
hi = max(max(a, b) for a, b in pts)
pad = 0.05 * (hi - lo)
lo, hi = lo - pad, hi + pad
band = 0.1 * (hi - lo)

with plt.style.context(STYLE):
    fig, ax = plt.subplots(figsize=(4, 4))
    ax.plot([lo, hi], [lo, hi], 'k--')
    ax.fill_between([lo, hi], [lo - band, hi - band], [lo + band, hi + band], color='dodgerblue', alpha=0.2, lw=0)
    for s in samples:
        ax.plot([float(r[1]) for r in rows if r[0] == s], [float(r[2]) for r in rows if r[0] == s], label=s)
    ax.legend(title=TITLE, loc=2, ncol=2)
    ax.set_xlabel(head[1])
    ax.set_ylabel(head[2])
    ax.set_xlim([lo, hi])
    ax.set_ylim([lo, hi])
    fig.savefig('output.png', dpi=200, bbox_inches='tight', pad_inches=0.05)
    plt.close()
