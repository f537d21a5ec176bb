/**
 * Batch A of the style-research catalog (issue 26): references from rl-baselines3-zoo, shap,
 * reliability-diagrams, uncertainty-toolbox, mlxtend and lime. Spread into RESEARCH_BASES by
 * catalog.ts; one base script build/bases/<id>.py and its data build/data/<id>.csv each.
 */
import type { ResearchBase, ResearchSource } from './catalog.ts';

const RLZOO: Omit<ResearchSource, 'func'> = {
  repository: 'DLR-RM/rl-baselines3-zoo',
  path: 'rl_zoo3/plots/plot_from_file.py',
  commit: '22e3ff2450fd92033f7f032915e1f64894a09584',
  license: 'MIT',
  licensePath: 'LICENSE',
  copyright: 'Copyright (c) 2019 Antonin RAFFIN (MIT License, LICENSE-MIT-rl-baselines3-zoo.txt)',
  paper: 'Raffin et al., Stable-Baselines3: Reliable Reinforcement Learning Implementations, JMLR 22(268), 2021; benchmark figures as in Raffin et al., Smooth Exploration for Robotic Reinforcement Learning, CoRL 2021, arXiv:2005.05719',
};

const SHAP: Omit<ResearchSource, 'func' | 'path'> = {
  repository: 'shap/shap',
  commit: 'df974a1966294b9c7acebb1373fd6dc5445d1d3d',
  license: 'MIT',
  licensePath: 'LICENSE',
  copyright: 'Copyright (c) 2018 Scott Lundberg (MIT License, LICENSE-MIT-shap.txt)',
  paper: 'Lundberg and Lee, A Unified Approach to Interpreting Model Predictions, NeurIPS 2017, arXiv:1705.07874',
};

const UCT: Omit<ResearchSource, 'func'> = {
  repository: 'uncertainty-toolbox/uncertainty-toolbox',
  path: 'uncertainty_toolbox/viz.py',
  commit: '6ea1fed6591923a95d49d8049a197e33d4d8092d',
  license: 'MIT',
  licensePath: 'LICENSE',
  copyright: 'Copyright (c) 2020 uncertainty-toolbox (MIT License, LICENSE-MIT-uncertainty-toolbox.txt)',
  paper: 'Chung et al., Uncertainty Toolbox: an Open-Source Library for Assessing, Visualizing, and Improving Uncertainty Quantification, arXiv:2109.10254',
};

const MLXTEND: Omit<ResearchSource, 'func' | 'path'> = {
  repository: 'rasbt/mlxtend',
  commit: '9aadcee334f8b07003246d436cd9135b6d62a6b2',
  license: 'BSD-3-Clause',
  licensePath: 'LICENSE-BSD3.txt',
  copyright: 'Copyright (c) 2014-2026, Sebastian Raschka (BSD 3-Clause License, LICENSE-BSD-3-Clause-mlxtend.txt)',
  paper: "Raschka, MLxtend: Providing machine learning and data science utilities and extensions to Python's scientific computing stack, JOSS 3(24), 638 (2018)",
};

export const RESEARCH_BASES_A: ResearchBase[] = [
  {
    id: 'rl-baselines3-zoo-barplot',
    chartType: 'grouped-bar',
    title: "Final scores per environment: seaborn whitegrid bar plot, desaturated 'deep' bars dodged by method, dark grey interval lines without caps, no x grid, legend titled Method, 14 pt title and labels",
    source: { ...RLZOO, func: 'plot_from_file (seaborn.barplot, "Sensitivity plot")' },
    spec: { family: 'cat', roles: ['category', 'series', 'value', 'err'], maxSeries: 5, maxCategories: 6 },
  },
  {
    id: 'rl-baselines3-zoo-boxplot',
    chartType: 'box',
    title: "Score distribution per method: orange boxes with #222222 1 pt edges, whiskers, caps and medians, diamond fliers, seaborn whitegrid, 14 pt title",
    source: { ...RLZOO, func: 'plot_from_file (--boxplot, restyle_boxplot)' },
    spec: { family: 'samples', roles: ['group', 'value'], maxSeries: 7 },
  },
  {
    id: 'rl-baselines3-zoo-curves',
    chartType: 'band',
    title: "Learning curves per method: 3 pt 'deep' mean lines, half-alpha standard-error bands, seaborn whitegrid, 14 pt title, labels and legend, timesteps in millions",
    source: { ...RLZOO, func: 'plot_from_file (learning curves per env)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y', 'err'], allowNegative: true, maxSeries: 6 },
  },
  {
    id: 'shap-bar',
    chartType: 'horizontal-bar',
    title: 'Global feature importance: shap-red horizontal bars sorted by size, +0.42-style value labels in red at the bar ends, grey 13 pt feature names, dotted row guides, no top/right spines or y ticks',
    source: { ...SHAP, path: 'shap/plots/_bar.py', func: 'bar' },
    spec: { family: 'cat', roles: ['category', 'value'], maxCategories: 10 },
  },
  {
    id: 'shap-violin',
    chartType: 'violin',
    title: 'SHAP value distributions: flat shap-blue horizontal violins without extrema, dotted grey row guides, grey zero line, only the bottom spine, long thin y ticks, 13 pt feature names',
    source: { ...SHAP, path: 'shap/plots/_violin.py', func: 'violin (no feature values)' },
    spec: { family: 'samples', roles: ['group', 'value'], allowNegative: true, maxSeries: 10 },
  },
  {
    id: 'shap-heatmap',
    chartType: 'heatmap',
    title: 'Instances x features SHAP heatmap: red-white-blue cells, f(x) curve over a dashed guide above, black importance bars at the right edge, hairline colour bar with two end ticks, bounded side spines',
    source: {
      ...SHAP,
      path: 'shap/plots/_heatmap.py',
      func: 'heatmap',
      paper: 'Lundberg et al., From local explanations to global understanding with explainable AI for trees, Nature Machine Intelligence 2, 56-67 (2020)',
    },
    spec: { family: 'matrix', roles: ['row', 'col', 'value'], allowNegative: true, maxCategories: 40 },
  },
  {
    id: 'uncertainty-toolbox-intervals',
    chartType: 'errorbar',
    title: 'Prediction intervals against observed values: half-alpha 2-sigma error bars under solid round markers, dashed orange identity line, square panel, off-white axes with grey frame, faint grid, no tick marks, serif text',
    source: { ...UCT, func: 'plot_intervals (with set_style(): uncertainty_toolbox/matplotlibrc)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y', 'err'], allowNegative: true, fixedScale: true, maxSeries: 1 },
  },
  {
    id: 'uncertainty-toolbox-ordered',
    chartType: 'errorbar',
    title: 'Ordered prediction intervals: half-alpha 2-sigma error bars by rank of the observed value, dashed orange observed curve, square panel, off-white axes with grey frame, faint grid, no tick marks, serif text',
    source: { ...UCT, func: 'plot_intervals_ordered (with set_style(): uncertainty_toolbox/matplotlibrc)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y', 'err'], allowNegative: true, fixedScale: true, maxSeries: 1 },
  },
  {
    id: 'reliability-diagrams-histogram',
    chartType: 'histogram',
    title: "Confidence histograms in the notebook's 'seaborn' style: ten 0.9-wide count bars per model panel on [0, 1] over a grey face with white grid, thick dotted dark-grey average-confidence line with legend, 4 inch shared-axis panels, 16 pt titles per model",
    source: {
      repository: 'hollance/reliability-diagrams',
      path: 'reliability_diagrams.py',
      func: '_confidence_histogram_subplot in the reliability_diagrams() grid',
      commit: 'e133f3d3a63356920c7d5cb7b032c3e03b38afb5',
      license: 'MIT',
      licensePath: 'LICENSE',
      copyright: 'Copyright (c) 2020 M.I. Hollemans (MIT License, LICENSE-MIT-reliability-diagrams.txt)',
      paper: 'the reliability diagrams and confidence histograms of Guo et al., On Calibration of Modern Neural Networks, ICML 2017, arXiv:1706.04599',
    },
    spec: { family: 'samples', roles: ['group', 'value'], fixedScale: true, maxSeries: 8 },
  },
  {
    id: 'mlxtend-confusion',
    chartType: 'heatmap',
    title: 'Confusion matrix: Blues cells annotated with count and (row share) in white above half and black below, colour bar, top-less matshow frame with bottom ticks, 45-degree predicted-class labels',
    source: {
      ...MLXTEND,
      path: 'mlxtend/plotting/plot_confusion_matrix.py',
      func: 'plot_confusion_matrix(colorbar=True, show_absolute=True, show_normed=True)',
    },
    spec: { family: 'matrix', roles: ['row', 'col', 'value'], integer: true, maxCategories: 8 },
  },
  {
    id: 'mlxtend-barplot',
    chartType: 'grouped-bar',
    title: "Dodged bars per category: mlxtend's 'bgrcky' colours (blue, green, red, cyan, black, yellow), first series at alpha 0.8 and the rest at 0.5, 12 x 6 inch, vertical category labels, wide right margin",
    source: { ...MLXTEND, path: 'mlxtend/plotting/stacked_barplot.py', func: 'stacked_barplot (defaults)' },
    spec: { family: 'cat', roles: ['category', 'series', 'value'], maxSeries: 6, maxCategories: 8 },
  },
  {
    id: 'uncertainty-toolbox-sharpness',
    chartType: 'histogram',
    title: 'Sharpness: density histogram of predicted standard deviations, light-blue bars with blue edges, dashed black sharpness line with its value, no y ticks, off-white axes with grey frame, faint grid, serif text, one 5 inch panel per model',
    source: { ...UCT, func: 'plot_sharpness (with set_style(): uncertainty_toolbox/matplotlibrc)' },
    spec: { family: 'samples', roles: ['group', 'value'], maxSeries: 4 },
  },
  {
    id: 'lime-explanation',
    chartType: 'horizontal-bar',
    title: 'Local explanation: green bars for positive and red for negative feature weights, largest at the top, condition labels, 4 x 4 inch, titled by class',
    source: {
      repository: 'marcotcr/lime',
      path: 'lime/explanation.py',
      func: 'Explanation.as_pyplot_figure',
      commit: 'fd7eb2e6f760619c29fca0187c07b82157601b32',
      license: 'BSD-2-Clause',
      licensePath: 'LICENSE',
      copyright: 'Copyright (c) 2016, Marco Tulio Correia Ribeiro (BSD 2-Clause License, LICENSE-BSD-2-Clause-lime.txt)',
      paper: '"Why Should I Trust You?": Explaining the Predictions of Any Classifier, Ribeiro, Singh and Guestrin, KDD 2016, arXiv:1602.04938',
    },
    spec: { family: 'cat', roles: ['category', 'value'], allowNegative: true, longLabels: true, maxCategories: 10 },
  },
  {
    id: 'uncertainty-toolbox-calibration',
    chartType: 'line',
    title: 'Average calibration: observed against predicted interval proportions, dashed orange ideal diagonal, 0.2-alpha miscalibration area, square unit panel with the area in small text, off-white axes with grey frame, faint grid, serif text',
    source: {
      ...UCT,
      func: 'plot_calibration(exp_props, obs_props) with miscalibration_area_from_proportions (with set_style(): uncertainty_toolbox/matplotlibrc)',
    },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], fixedScale: true, maxSeries: 1 },
  },
];
