"""Writes build/bases/scienceplots-*.py and build/data/scienceplots-*.csv (run once; output committed).

Each base is one example of garrettj403/SciencePlots' examples/plot-examples.py (commit
8d281eabcf5f8159730e6df82e69c7ecd5437cb6, MIT License) with the style sheets its
plt.style.context names inlined as an rcParams dict copied from src/scienceplots/styles/ at that
commit (no scienceplots package and no TeX in the sandbox: 'no-latex' is always applied last,
as the examples do for machines without LaTeX).
Run from this folder:  /usr/bin/python3 write-scienceplots-bases.py
"""
import csv
import math

COMMIT = '8d281eabcf5f8159730e6df82e69c7ecd5437cb6'
SCIENCE = {
    'axes.prop_cycle': "cycler('color', ['#0C5DA5', '#00B945', '#FF9500', '#FF2C00', '#845B97', '#474747', '#9e9e9e'])",
    'figure.figsize': (3.5, 2.625), 'xtick.direction': 'in', 'xtick.major.size': 3, 'xtick.major.width': 0.5,
    'xtick.minor.size': 1.5, 'xtick.minor.width': 0.5, 'xtick.minor.visible': True, 'xtick.top': True,
    'ytick.direction': 'in', 'ytick.major.size': 3, 'ytick.major.width': 0.5, 'ytick.minor.size': 1.5,
    'ytick.minor.width': 0.5, 'ytick.minor.visible': True, 'ytick.right': True, 'axes.linewidth': 0.5,
    'grid.linewidth': 0.5, 'lines.linewidth': 1.0, 'legend.frameon': False, 'savefig.bbox': 'tight',
    'savefig.pad_inches': 0.05, 'font.family': 'serif', 'mathtext.fontset': 'dejavuserif',
}
NO_LATEX = {'text.usetex': False, 'font.serif': ['STIXGeneral'], 'font.family': 'serif',
            'axes.formatter.use_mathtext': True, 'mathtext.fontset': 'cm'}
SHEETS = {
    'ieee': {'axes.prop_cycle': "cycler('color', ['k', 'r', 'b', 'g']) + cycler('ls', ['-', '--', ':', '-.'])",
             'figure.figsize': (3.3, 2.5), 'font.size': 8, 'font.family': 'serif', 'font.serif': ['Times']},
    'nature': {'figure.figsize': (3.3, 2.5), 'axes.labelsize': 7, 'xtick.labelsize': 7, 'ytick.labelsize': 7,
               'legend.fontsize': 7, 'font.size': 7, 'font.family': 'sans-serif',
               'font.sans-serif': ['DejaVu Sans', 'Arial', 'Helvetica'], 'mathtext.fontset': 'dejavusans',
               'axes.linewidth': 0.5, 'grid.linewidth': 0.5, 'lines.linewidth': 1.0, 'lines.markersize': 3},
    'scatter': {'axes.prop_cycle': "cycler('marker', ['o', 's', '^', 'v', '<', '>', 'd']) + cycler('color', ['#0C5DA5', '#00B945', '#FF9500', '#FF2C00', '#845B97', '#474747', '#9e9e9e']) + cycler('ls', [' ', ' ', ' ', ' ', ' ', ' ', ' '])",
                'lines.markersize': 3},
    'high-vis': {'axes.prop_cycle': "cycler('color', ['#0d49fb', '#e6091c', '#26eb47', '#8936df', '#fec32d', '#25d7fd']) + cycler('ls', ['-', '--', '-.', ':', '-', '--'])"},
    'notebook': {'figure.figsize': (8, 6), 'xtick.major.size': 6, 'xtick.major.width': 1, 'xtick.minor.size': 3,
                 'xtick.minor.width': 1, 'ytick.major.size': 6, 'ytick.major.width': 1, 'ytick.minor.size': 3,
                 'ytick.minor.width': 1, 'xtick.labelsize': 16, 'ytick.labelsize': 16, 'legend.fontsize': 16,
                 'legend.title_fontsize': 16, 'axes.titlesize': 16, 'axes.labelsize': 16, 'axes.linewidth': 1,
                 'grid.linewidth': 1, 'lines.linewidth': 2.0, 'font.family': 'sans-serif',
                 'mathtext.fontset': 'dejavusans', 'text.usetex': False},
    'grid': {'axes.grid': True, 'axes.axisbelow': True, 'grid.linestyle': '--', 'grid.color': 'k', 'grid.alpha': 0.5,
             'grid.linewidth': 0.5, 'legend.frameon': True, 'legend.framealpha': 1.0, 'legend.fancybox': True,
             'legend.numpoints': 1},
    'muted': {'axes.prop_cycle': "cycler('color', ['#CC6677', '#332288', '#DDCC77', '#117733', '#88CCEE', '#882255', '#44AA99', '#999933', '#AA4499', '#DDDDDD'])"},
    'retro': {'axes.prop_cycle': "cycler('color', ['#4165c0', '#e770a2', '#5ac3be', '#696969', '#f79a1e', '#ba7dcd'])"},
}
# id -> (style sheets in plt.style.context order, example figure, construction)
PLAN = {
    'scienceplots-science': (['science'], 'fig01b', 'curves'),
    'scienceplots-ieee': (['science', 'ieee'], 'fig02a', 'curves'),
    'scienceplots-nature': (['science', 'nature'], 'fig02c', 'curves'),
    'scienceplots-scatter': (['science', 'scatter'], 'fig03', 'scatter'),
    'scienceplots-high-vis': (['science', 'high-vis'], 'fig04', 'curves'),
    'scienceplots-dark': (['dark_background', 'science', 'high-vis'], 'fig05', 'curves'),
    'scienceplots-notebook': (['science', 'notebook'], 'fig10', 'curves'),
    'scienceplots-grid': (['science', 'grid'], 'fig11', 'curves'),
    'scienceplots-muted': (['science', 'muted'], 'fig08', 'curves'),
    'scienceplots-retro': (['science', 'retro'], 'fig09', 'curves'),
}

CURVES = '''with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
orders = list(dict.fromkeys(r[0] for r in rows))

with plt.style.context(STYLE):
    fig, ax = plt.subplots()
    for p in orders:
        d = sorted((float(r[1]), float(r[2])) for r in rows if r[0] == p)
        ax.plot([a for a, _ in d], [b for _, b in d], label=p)
    ax.legend(title=TITLE{legend_kw})
    ax.autoscale(tight=True)
    ax.set(xlabel=head[1], ylabel=head[2])
    fig.savefig('output.png', dpi=200, bbox_inches='tight', pad_inches=0.05)
    plt.close()
'''
SCATTER = '''with open(DATA, newline='') as f:
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
'''


def rc_literal(d):
    out = []
    for k, v in d.items():
        val = f'plt.{v}' if k == 'axes.prop_cycle' else repr(v)
        val = val.replace(") + cycler(", ") + plt.cycler(")
        out.append(f'    {k!r}: {val},')
    return '{\n' + '\n'.join(out) + '\n}'


for tid, (sheets, fig, kind) in PLAN.items():
    names = [s for s in sheets if s != 'dark_background']
    style_items = []
    for s in sheets:
        if s == 'dark_background':
            style_items.append("'dark_background'")
        else:
            style_items.append(s.upper().replace('-', '_'))
    style_items.append('NO_LATEX')
    defs = []
    for s in names:
        rc = SCIENCE if s == 'science' else SHEETS[s]
        defs.append(f"# {'science' if s == 'science' else s}.mplstyle\n{s.upper().replace('-', '_')} = {rc_literal(rc)}")
    defs.append(f'# no-latex.mplstyle\nNO_LATEX = {rc_literal(NO_LATEX)}')
    title = "'Sample'" if kind == 'scatter' else "'Order'"
    legend_kw = ', fontsize=7' if 'muted' in sheets else ''
    body = (SCATTER if kind == 'scatter' else CURVES.format(legend_kw=legend_kw))
    ctx = ', '.join(repr(s) for s in sheets)
    src = f'''"""SciencePlots example {fig}: plt.style.context([{ctx}]).

Adapted for FigBoard from garrettj403/SciencePlots, examples/plot-examples.py and the style sheets
under src/scienceplots/styles/ (commit {COMMIT}; Copyright (c) 2018 John Garrett; MIT License,
see ../LICENSE-MIT-SciencePlots.txt). SciencePlots: Matplotlib styles for scientific figures
(J. D. Garrett, SciencePlots, Zenodo, doi:10.5281/zenodo.4106649), used for journal figures.
Changes: the style sheets are inlined as rcParams dicts (no scienceplots package in the sandbox)
with 'no-latex' applied last (no TeX in the sandbox; the examples do the same without LaTeX);
{'the seven random samples of the example are read from a CSV file, and the identity line, its band and the limits follow the data' if kind == 'scatter' else 'the model curves (one per order) are read from a CSV file instead of computed'};
the axis labels come from the CSV header; saves output.png at 200 dpi (the example: 300) with
the sheet's savefig.bbox 'tight' and pad 0.05 passed to savefig itself.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'reference_data.csv'
TITLE = {title}
{chr(10).join(defs)}
STYLE = [{', '.join(style_items)}]

{body}'''
    with open(f'bases/{tid}.py', 'w') as f:
        f.write(src)
    with open(f'data/{tid}.csv', 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        if kind == 'scatter':
            import random
            rng = random.Random(3)
            w.writerow(['sample', 'log L_IR', 'log L_star'])
            for i in range(7):
                for _ in range(10):
                    x1 = rng.gauss(0, 0.5) + 3
                    w.writerow([f'#{i + 1}', round(x1, 4), round(x1 + rng.gauss(0, 0.2), 4)])
        else:
            w.writerow(['order', 'Voltage (mV)', 'Current (uA)'])
            orders = [10, 20, 40, 100] if 'ieee' in sheets else [10, 15, 20, 30, 50, 100]
            for p in orders:
                for i in range(101):
                    x = 0.75 + 0.5 * i / 100
                    w.writerow([p, round(x, 4), round(x ** (2 * p + 1) / (1 + x ** (2 * p)), 5)])
print(len(PLAN), 'bases written')
