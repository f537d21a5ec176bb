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
];
