/**
 * The style-research catalog: research-repository plotting functions the references are adapted
 * from (one base script each in build/bases/, its reference data in build/data/), with the
 * provenance every task.json records. Read by build-style-research.ts.
 */
import type { TargetDataSpec } from '../../../evaluator/src/schemas/target-data.schema.ts';
import { RESEARCH_BASES_A } from './catalog-a.ts';
import { RESEARCH_BASES_B } from './catalog-b.ts';

export interface ResearchSource {
  repository: string;
  path: string;
  /** The function of `path` the reference reproduces. */
  func: string;
  commit: string;
  license: 'MIT' | 'Apache-2.0' | 'BSD-3-Clause' | 'BSD-2-Clause';
  licensePath: string;
  copyright: string;
  paper: string;
}

export interface ResearchBase {
  id: string;
  chartType: string;
  title: string;
  source: ResearchSource;
  spec: Partial<TargetDataSpec> & Pick<TargetDataSpec, 'family' | 'roles'>;
  /** The default-style body (style-real/build/defaults/<kind>.py) of build-baselines.ts, when the chart type alone does not pick it. */
  defaultKind?: string;
}

const RLIABLE: Omit<ResearchSource, 'func'> = {
  repository: 'google-research/rliable',
  path: 'rliable/plot_utils.py',
  commit: '3ccd9f4dea577a04d3d2b557f259aac08badbd81',
  license: 'Apache-2.0',
  licensePath: 'LICENSE',
  copyright: 'Copyright 2021 The Rliable Authors (Apache License 2.0, LICENSE-APACHE-2.0.txt)',
  paper: 'Agarwal et al., Deep Reinforcement Learning at the Edge of the Statistical Precipice, NeurIPS 2021, arXiv:2108.13264',
};

const BASELINES: Omit<ResearchSource, 'func'> = {
  repository: 'openai/baselines',
  path: 'baselines/common/plot_util.py',
  commit: 'ea25b9e8b234e6ee1bca43083f8f3cf974143998',
  license: 'MIT',
  licensePath: 'LICENSE',
  copyright: 'Copyright (c) 2017 OpenAI (MIT License, LICENSE-MIT-openai-baselines.txt)',
  paper: 'Dhariwal et al., OpenAI Baselines (2017), the benchmark curves of Schulman et al., Proximal Policy Optimization Algorithms, arXiv:1707.06347',
};

const SCIENCEPLOTS: Omit<ResearchSource, 'func'> = {
  repository: 'garrettj403/SciencePlots',
  path: 'examples/plot-examples.py',
  commit: '8d281eabcf5f8159730e6df82e69c7ecd5437cb6',
  license: 'MIT',
  licensePath: 'LICENSE',
  copyright: 'Copyright (c) 2018 John Garrett (MIT License, LICENSE-MIT-SciencePlots.txt)',
  paper: 'J. D. Garrett, SciencePlots: Matplotlib styles for scientific figures, Zenodo, doi:10.5281/zenodo.4106649',
};

export const RESEARCH_BASES: ResearchBase[] = [
  {
    id: 'baselines-results',
    chartType: 'band',
    title: 'Seed-averaged learning curves: named-colour mean lines, a darker standard-error band over a lighter standard-deviation band, legend of group (seeds), 6 x 6 inch square panel',
    source: { ...BASELINES, func: 'plot_results(average_group=True)' },
    spec: { family: 'xy', roles: ['series', 'x', 'y', 'err'], maxSeries: 6 },
  },
  {
    id: 'rliable-intervals',
    chartType: 'interval-estimate',
    title: 'Aggregate metrics with confidence intervals: one panel per metric, translucent interval bars with a grey point tick, titles above, x grid only, no left spine',
    source: { ...RLIABLE, func: 'plot_interval_estimates' },
    spec: { family: 'cat', roles: ['category', 'series', 'value', 'err'], maxSeries: 4, maxCategories: 8 },
  },
  {
    id: 'scienceplots-science',
    chartType: 'line',
    title: "SciencePlots 'science': 3.5 x 2.625 in, STIX serif, inward major and minor ticks on all four sides, 0.5 pt frame, frameless legend titled Order, tight autoscale",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig01b (science)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  {
    id: 'scienceplots-ieee',
    chartType: 'line',
    title: "SciencePlots 'science' + 'ieee': 3.3 x 2.5 in, 8 pt serif, black/red/blue/green lines cycling solid, dashed, dotted, dash-dot, inward ticks on all sides",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig02a (science + ieee)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  {
    id: 'scienceplots-nature',
    chartType: 'line',
    title: "SciencePlots 'science' + 'nature': 3.3 x 2.5 in single-column, 7 pt text, 0.5 pt frame and lines of 1 pt, inward minor ticks",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig02c (science + nature)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  {
    id: 'scienceplots-scatter',
    chartType: 'scatter',
    title: "SciencePlots 'science' + 'scatter': square 4 in panel, samples with cycling markers and no lines, dashed identity line in a translucent dodger-blue band, two-column legend",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig03 (science + scatter)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  {
    id: 'scienceplots-high-vis',
    chartType: 'line',
    title: "SciencePlots 'science' + 'high-vis': saturated blue/red/green/violet/gold/cyan lines with cycling line styles, inward ticks on all sides",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig04 (science + high-vis)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  {
    id: 'scienceplots-dark',
    chartType: 'line',
    title: "SciencePlots on 'dark_background': black canvas, white frame and text, high-vis colours with cycling line styles, inward ticks",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig05 (dark_background + science + high-vis)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  {
    id: 'scienceplots-notebook',
    chartType: 'line',
    title: "SciencePlots 'science' + 'notebook': 8 x 6 in, 16 pt sans labels and ticks, 2 pt lines, long inward ticks on all sides",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig10 (science + notebook)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  {
    id: 'scienceplots-grid',
    chartType: 'line',
    title: "SciencePlots 'science' + 'grid': dashed half-alpha black grid below the lines, framed rounded legend, inward ticks on all sides",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig11 (science + grid)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  {
    id: 'scienceplots-muted',
    chartType: 'line',
    title: "SciencePlots 'science' + 'muted': Paul Tol's muted palette (rose, indigo, sand, green, cyan, wine), small 7 pt legend",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig08 (science + muted)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  {
    id: 'scienceplots-retro',
    chartType: 'line',
    title: "SciencePlots 'science' + 'retro': retro palette (blue, pink, teal, grey, orange, lilac), inward ticks on all sides",
    source: { ...SCIENCEPLOTS, func: "examples/plot-examples.py fig09 (science + retro)" },
    spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 },
  },
  ...RESEARCH_BASES_A,
  ...RESEARCH_BASES_B,
];
