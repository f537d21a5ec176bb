/**
 * Batch B of the style-research catalog (issue 26): references from optuna/optuna (MIT),
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
];
