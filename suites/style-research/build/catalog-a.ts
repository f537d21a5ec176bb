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
];
