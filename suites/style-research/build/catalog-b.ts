/**
 * Batch B of the style-research catalog (issue 26): references from optuna/optuna (MIT),
 * facebookresearch/nevergrad (MIT), rasbt/LLMs-from-scratch (Apache-2.0),
 * rougier/scientific-visualization-book (code: BSD-2-Clause) and jakevdp/PythonDataScienceHandbook
 * (code: MIT). Spread into RESEARCH_BASES by catalog.ts.
 */
import type { ResearchBase } from './catalog.ts';

type Source = ResearchBase['source'];

const OPTUNA: Omit<Source, 'func' | 'path'> = {
  repository: 'optuna/optuna',
  commit: '1d8ce7bb6f3c7274a7a31a0a007991995085baa7',
  license: 'MIT',
  licensePath: 'LICENSE',
  copyright: 'Copyright (c) 2018 Preferred Networks, Inc. (MIT License, LICENSE-MIT-optuna.txt)',
  paper: 'Akiba et al., Optuna: A Next-generation Hyperparameter Optimization Framework, KDD 2019, arXiv:1907.10902',
};

const ROUGIER: Omit<Source, 'func' | 'path'> = {
  repository: 'rougier/scientific-visualization-book',
  commit: '1d0b3c42dc848e772c8d680af2e6d541be22de1d',
  license: 'BSD-2-Clause',
  licensePath: 'LICENSE.txt',
  copyright: 'Copyright 2021 Nicolas P. Rougier (code: BSD 2-Clause License, LICENSE-BSD-2-Clause-scientific-visualization-book.txt)',
  paper: 'N. P. Rougier, Scientific Visualization: Python + Matplotlib, 2021, hal-03427242, ISBN 978-2-9579901-0-8',
};

const PDSH: Omit<Source, 'func' | 'path'> = {
  repository: 'jakevdp/PythonDataScienceHandbook',
  commit: 'd66231454ef753818dc9213c9b5942e067266966',
  license: 'MIT',
  licensePath: 'LICENSE-CODE',
  copyright: 'Copyright (c) 2016 Jacob VanderPlas (code: MIT License, LICENSE-MIT-PythonDataScienceHandbook.txt)',
  paper: "J. VanderPlas, Python Data Science Handbook, O'Reilly 2016 (2nd ed. 2022)",
};

const NEVERGRAD: Omit<Source, 'func'> = {
  repository: 'facebookresearch/nevergrad',
  path: 'nevergrad/benchmark/plotting.py',
  commit: '617a3b0bcd9b7faa89f68ed6f17b59bec58f2360',
  license: 'MIT',
  licensePath: 'LICENSE',
  copyright: 'Copyright (c) Meta Platforms, Inc. and affiliates (Facebook, Inc.) (MIT License, LICENSE-MIT-nevergrad.txt)',
  paper: 'Rapin and Teytaud, Nevergrad: A gradient-free optimization platform (2018); benchmark figures as in Meunier et al., Black-Box Optimization Revisited, IEEE TEVC 2022, arXiv:2004.14014',
};

const LLMS: Omit<Source, 'func'> = {
  repository: 'rasbt/LLMs-from-scratch',
  path: 'ch06/01_main-chapter-code/gpt_class_finetune.py',
  commit: '28c65cdfbc3338e2e040016eea4b7fdf556e4d57',
  license: 'Apache-2.0',
  licensePath: 'LICENSE.txt',
  copyright: 'Copyright (c) Sebastian Raschka (Apache License 2.0, LICENSE-APACHE-2.0-LLMs-from-scratch.txt)',
  paper: 'S. Raschka, Build a Large Language Model (From Scratch), Manning 2024, ISBN 978-1633437166',
};

export const RESEARCH_BASES_B: ResearchBase[] = [
  {
    id: 'optuna-importances',
    chartType: 'horizontal-bar',
    title: "Hyperparameter importances in optuna's ggplot look: grey panel with white grid, tab20c blue bars, most important on top, value label at each bar end, left-aligned title, legend",
    source: { ...OPTUNA, path: 'optuna/visualization/matplotlib/_param_importances.py', func: 'plot_param_importances' },
    spec: { family: 'cat', roles: ['category', 'value'], maxCategories: 10, fixedScale: true, longLabels: true },
    defaultKind: 'barh',
  },
  {
    id: 'optuna-history',
    chartType: 'scatter',
    title: "Optimization history in optuna's ggplot look: trial values as tab10 dots, a translucent best-so-far line per study, legend outside to the right",
    source: { ...OPTUNA, path: 'optuna/visualization/matplotlib/_optimization_history.py', func: 'plot_optimization_history' },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 4 },
    defaultKind: 'scatter-xy',
  },
  {
    id: 'optuna-slice',
    chartType: 'multi-panel-scatter',
    title: "Slice plot in optuna's ggplot look: one panel per parameter in a row with a shared y axis, dots coloured by trial number in Blues with grey edges, one Trial colorbar, suptitle",
    source: { ...OPTUNA, path: 'optuna/visualization/matplotlib/_slice.py', func: 'plot_slice' },
    spec: { family: 'panel-xy', roles: ['panel', 'x', 'y'], gridColumns: 3, allowNegative: true },
    defaultKind: 'panel-scatter',
  },
  {
    id: 'optuna-intermediate',
    chartType: 'line',
    title: "Intermediate values in optuna's ggplot look: one tab20 line with point markers at 0.7 alpha per trial, legend outside to the right",
    source: { ...OPTUNA, path: 'optuna/visualization/matplotlib/_intermediate_values.py', func: 'plot_intermediate_values' },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 10 },
    defaultKind: 'line',
  },
  {
    id: 'rougier-stacked',
    chartType: 'area',
    title: 'Stacked layers in Material blue-grey shades (darkest at the bottom) with thin white edges, a window between two dashed lines re-coloured in yellow shades with black outlines, no ticks, wide 8 x 4 panel',
    source: { ...ROUGIER, path: 'code/colors/stacked-plots.py', func: 'code/colors/stacked-plots.py (figure stacked-plots)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 10 },
    defaultKind: 'area',
  },
  {
    id: 'rougier-zoom',
    chartType: 'scatter',
    title: 'Scatter with zoom insets: translucent edge-less orange dots, no ticks, five circled points in dashed boxes linked by dashed arrows to a column of magnified square panels labelled Point A-E',
    source: { ...ROUGIER, path: 'code/ornaments/annotation-zoom.py', func: 'code/ornaments/annotation-zoom.py (figure annotation-zoom)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 3, allowNegative: true },
    defaultKind: 'scatter-xy',
  },
  {
    id: 'rougier-loglog',
    chartType: 'line',
    title: 'The same curves on lin-lin, log-lin, lin-log and log-log axes in a 2 x 2 grid with shared axes: grey major and light minor grids, inner tick labels and ticks hidden, curves named in their colour',
    source: { ...ROUGIER, path: 'code/scales-projections/scales-log-log.py', func: 'code/scales-projections/scales-log-log.py (figure scales-log-log)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 5, logScale: true },
    defaultKind: 'line',
  },
  {
    id: 'rougier-elegant',
    chartType: 'scatter',
    title: 'Elegant scatter: size-coded dots with a black outline over a white underlay and a 0.25-alpha RdYlBu fill, rug marks along both axes, two frameless legends (sizes, groups) in the lower right, two-line serif title',
    source: { ...ROUGIER, path: 'code/ornaments/elegant-scatter.py', func: 'code/ornaments/elegant-scatter.py (figure elegant-scatter)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y', 'size'], maxSeries: 4 },
    defaultKind: 'scatter',
  },
  {
    id: 'pdsh-errorbars',
    chartType: 'errorbar',
    title: 'Error bars on seaborn-whitegrid: black round markers over thick light-grey error bars without caps, light grid, no legend for one series',
    source: { ...PDSH, path: 'notebooks/04.03-Errorbars.ipynb', func: 'notebooks/04.03-Errorbars.ipynb (code cells 3 and 6)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y', 'err'], maxSeries: 3, allowNegative: true },
    defaultKind: 'errorbar',
  },
  {
    id: 'pdsh-hist',
    chartType: 'histogram',
    title: "Histogram under hand-set rcParams: grey #E6E6E6 panel without spines, solid white grid below the bars, grey outward ticks, #EE6666 bars with panel-coloured edges, the 'classic' base style",
    source: { ...PDSH, path: 'notebooks/04.11-Settings-and-Stylesheets.ipynb', func: 'notebooks/04.11-Settings-and-Stylesheets.ipynb (code cells 3, 9 and 11)' },
    spec: { family: 'samples', roles: ['group', 'value'], maxSeries: 3, allowNegative: true },
    defaultKind: 'hist',
  },
  {
    id: 'pdsh-marginal',
    chartType: 'scatter',
    title: 'Scatter with marginal histograms on a 4 x 4 GridSpec: faint black dots in the main panel, grey step-filled histograms left and below, each inverted towards the scatter, seaborn-white frames',
    source: { ...PDSH, path: 'notebooks/04.08-Multiple-Subplots.ipynb', func: 'notebooks/04.08-Multiple-Subplots.ipynb (code cells 2 and 24)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 1, allowNegative: true },
    defaultKind: 'scatter-xy',
  },
  {
    id: 'nevergrad-xp',
    chartType: 'line',
    title: "nevergrad benchmark curves: log-log loss against budget, one '-ob', '--vg', ':^r', ... style per optimizer, faint confidence lines, grid on major and minor ticks, one frameless legend per curve at its end outside the axes",
    source: { ...NEVERGRAD, func: 'XpPlotter' },
    spec: { family: 'xy', roles: ['series', 'x', 'y', 'err'], maxSeries: 8, logScale: true },
    defaultKind: 'band-err',
  },
  {
    id: 'nevergrad-fight',
    chartType: 'heatmap',
    title: 'nevergrad fight plot: pairwise win rates as a seismic image from 0 to 100, 7 pt tick labels rotated 45 degrees, a slim colorbar appended on the right',
    source: { ...NEVERGRAD, func: 'FightPlotter' },
    spec: { family: 'matrix', roles: ['row', 'col', 'value'], maxCategories: 10, fixedScale: true },
    defaultKind: 'heatmap',
  },
  {
    id: 'llms-twiny',
    chartType: 'line',
    title: 'Training and validation curves on a small 5 x 3 inch panel: default colours, the validation curve dash-dotted, legend, a second x axis on top (twiny) for the examples seen',
    source: { ...LLMS, func: 'plot_values' },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 3 },
    defaultKind: 'line',
  },
  {
    id: 'optuna-hypervolume',
    chartType: 'line',
    title: "Hypervolume history in optuna's ggplot look: a tab10 blue line with round markers at half opacity on the grey panel with a white grid, title above",
    source: { ...OPTUNA, path: 'optuna/visualization/matplotlib/_hypervolume_history.py', func: 'plot_hypervolume_history' },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 4 },
    defaultKind: 'line',
  },
];
