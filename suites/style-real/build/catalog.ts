/**
 * The style-real catalog: the Matplotlib gallery examples the references are adapted from (one
 * base script each in build/bases/), how their data is laid out, and the treatments the augmented
 * references apply. Read by build-style-real.ts and build-baselines.ts.
 */
import type { TargetDataSpec } from '../../../evaluator/src/schemas/target-data.schema.ts';

/** The commit-pinned gallery file a base is adapted from. */
export interface GallerySource {
  path: string;
  commit: string;
}

export interface Base {
  id: string;
  source: GallerySource;
  /** The construction (Figure 5/8's chart types). */
  chartType: string;
  /** One line describing the design as the gallery draws it. */
  title: string;
  /** Hand-curated: the gallery's own design is the reference (only bases with a design worth mirroring). */
  curated: boolean;
  spec: Partial<TargetDataSpec> & Pick<TargetDataSpec, 'family' | 'roles'>;
  /** Which default-style plot the baselines draw for this construction (build/defaults/<kind>.py). */
  defaultKind: string;
  /** Why the base is kept out of the suite for now (its script stays for when the reason is gone). */
  excluded?: string;
}

const G = 'galleries/examples/';
export const BASES: Base[] = [
  { id: 'survey', source: { path: `${G}lines_bars_and_markers/horizontal_barchart_distribution.py`, commit: '19daf4911f3d0c83f2b734cf2c7795157282c2e7' }, chartType: 'stacked-bar', title: 'Survey answers as horizontal stacked bars: RdYlGn answer colours, hidden x axis, inverted questions, centred counts, legend row above', curated: true, spec: { family: 'cat', roles: ['category', 'series', 'value'], integer: true, maxSeries: 6, maxCategories: 8, longLabels: true }, defaultKind: 'stacked-barh' },
  { id: 'percentile', source: { path: `${G}statistics/barchart_demo.py`, commit: '4e57997cf88225ac7f9909e29ac32e615bf973fc' }, chartType: 'horizontal-bar', title: 'Percentile ranking as horizontal bars: bold ordinal labels inside or beside each bar, faint dashed x grid, faint median line', curated: true, spec: { family: 'cat', roles: ['category', 'value'], integer: true, maxCategories: 9, longLabels: true, fixedScale: true }, defaultKind: 'barh' },
  { id: 'stocks', source: { path: `${G}showcase/stock_prices.py`, commit: '19daf4911f3d0c83f2b734cf2c7795157282c2e7' }, chartType: 'line', title: 'Many series on a log axis, tab20 colours, thick lines, labels at line ends, no frame or tick marks, dashed grid', curated: true, spec: { family: 'xy', roles: ['series', 'x', 'y'], logScale: true, maxSeries: 12 }, defaultKind: 'line' },
  { id: 'violin', source: { path: `${G}statistics/customized_violin.py`, commit: '073fb4ddc512d85263f7aa58bd2644d05d9413bf' }, chartType: 'violin', title: 'Customized violins: opaque red bodies with black edges, quartile bars, whiskers and white median dots', curated: true, spec: { family: 'samples', roles: ['group', 'value'], allowNegative: true, maxSeries: 7 }, defaultKind: 'violin' },
  { id: 'boxcolor', source: { path: `${G}statistics/boxplot_color.py`, commit: '499949b94383c8ce61ac13f7d12fb81410273ecd' }, chartType: 'box', title: 'Box plot with boxes filled peachpuff, orange and tomato', curated: true, spec: { family: 'samples', roles: ['group', 'value'], maxSeries: 7 }, defaultKind: 'box' },
  { id: 'harvest', source: { path: `${G}images_contours_and_fields/image_annotated_heatmap.py`, commit: '826bf83751346b0c2944afdf991929a7f060dd1a' }, chartType: 'heatmap', title: 'Annotated YlGn heatmap: column labels on top at -30°, white cell grid, no frame, labelled colorbar', curated: true, spec: { family: 'matrix', roles: ['row', 'col', 'value'], maxCategories: 9 }, defaultKind: 'heatmap' },
  { id: 'beta', source: { path: `${G}style_sheets/bmh.py`, commit: '3205f852683deba26c8a38acac42f61a66aa1871' }, chartType: 'histogram', title: "Overlaid step-filled density histograms in the 'bmh' style", curated: true, spec: { family: 'samples', roles: ['group', 'value'], maxSeries: 6 }, defaultKind: 'hist' },
  { id: 'lines538', source: { path: `${G}style_sheets/fivethirtyeight.py`, commit: '3205f852683deba26c8a38acac42f61a66aa1871' }, chartType: 'line', title: "Several noisy lines in the 'fivethirtyeight' style", curated: true, spec: { family: 'xy', roles: ['series', 'x', 'y'], allowNegative: true, maxSeries: 8 }, defaultKind: 'line' },
  { id: 'anscombe', source: { path: `${G}showcase/anscombe.py`, commit: 'ef80b3c3634b8ded60fc6f4f5e2fc747003e2148' }, chartType: 'multi-panel-scatter', title: "Anscombe-style grid: shared axes, inward ticks on all sides, red fit lines, big panel letters, monospace statistics boxes", curated: true, spec: { family: 'panel-xy', roles: ['panel', 'x', 'y'], gridColumns: 2 }, defaultKind: 'panel-scatter' },
  { id: 'polar', source: { path: `${G}pie_and_polar_charts/polar_bar.py`, commit: 'd2266938e7b3640091e311f8f70d4c9751f831fc' }, chartType: 'polar-bar', title: 'Bars on a polar axis, translucent, coloured by length with viridis', curated: true, spec: { family: 'cat', roles: ['category', 'value'], maxCategories: 30 }, defaultKind: 'polar-bar', excluded: "the style harness cannot describe polar axes yet: introspection.schema.ts requires spines left/right/top/bottom, a polar axes has polar/start/end/inner, so every run ends in 'invalid-output'" },
  { id: 'nested', source: { path: `${G}pie_and_polar_charts/nested_pie.py`, commit: '826bf83751346b0c2944afdf991929a7f060dd1a' }, chartType: 'donut', title: 'Nested donut from tab20c: group totals outside, parts inside, white wedge edges', curated: true, spec: { family: 'cat', roles: ['category', 'series', 'value'], maxSeries: 3, maxCategories: 5 }, defaultKind: 'donut' },
  { id: 'twoscales', source: { path: `${G}subplots_axes_and_figures/two_scales.py`, commit: 'e5a85f960b2d47eac371cff709b830d52c36d267' }, chartType: 'dual-axis', title: 'Two scales on one x axis, each y axis coloured like its line', curated: false, spec: { family: 'dual', roles: ['x', 'left', 'right'] }, defaultKind: 'dual' },
  { id: 'penguins', source: { path: `${G}lines_bars_and_markers/barchart.py`, commit: 'ccaa57308e10d932413a10d14a1e71f2c08864d4' }, chartType: 'grouped-bar', title: 'Grouped bars with a value label on every bar and a legend row', curated: false, spec: { family: 'cat', roles: ['category', 'series', 'value'], maxSeries: 4, maxCategories: 6 }, defaultKind: 'grouped-bar' },
  { id: 'population', source: { path: `${G}lines_bars_and_markers/stackplot_demo.py`, commit: '483fdb472620e39fb3ba8b4c0f2087aa0e7c5834' }, chartType: 'area', title: 'Stacked areas with a legend in the upper left', curated: false, spec: { family: 'xy', roles: ['series', 'x', 'y'], maxSeries: 7 }, defaultKind: 'area' },
  { id: 'walkers', source: { path: `${G}lines_bars_and_markers/fill_between_alpha.py`, commit: 'e719e9678ca95b2c20d38025ef7b77703710a2f1' }, chartType: 'band', title: 'Mean paths with translucent one-sigma bands and a grid', curated: false, spec: { family: 'xy', roles: ['series', 'x', 'y', 'lo', 'hi'], allowNegative: true, maxSeries: 4 }, defaultKind: 'band' },
  { id: 'errorbars', source: { path: `${G}statistics/errorbar_features.py`, commit: '379b42ab86ba3497650b5c6dfca3d6a624dcf459' }, chartType: 'errorbar', title: 'Lines with round markers and capped error bars', curated: false, spec: { family: 'xy', roles: ['series', 'x', 'y', 'err'], allowNegative: true, maxSeries: 5 }, defaultKind: 'errorbar' },
  { id: 'scatter3', source: { path: `${G}lines_bars_and_markers/scatter_with_legend.py`, commit: 'ccaa57308e10d932413a10d14a1e71f2c08864d4' }, chartType: 'scatter', title: 'Translucent scatter groups sized by a value, with legend and grid', curated: false, spec: { family: 'xy', roles: ['series', 'x', 'y', 'size'], maxSeries: 5 }, defaultKind: 'scatter' },
  { id: 'pie', source: { path: `${G}pie_and_polar_charts/pie_features.py`, commit: 'bc4b40a7c4caed7d4d9c594e3b28ba9854cb876a' }, chartType: 'pie', title: 'Pie with labels, percentages and the first slice exploded', curated: false, spec: { family: 'cat', roles: ['category', 'value'], maxCategories: 7, fixedScale: true }, defaultKind: 'pie' },
];

/** A rewrite toward polish (FigMirror B.2's enrichment, here deterministic): Python assignments that replace the base's style variables. */
export interface Treatment {
  id: string;
  description: string;
  /** Python source lines appended to the base's style block. */
  lines: string[];
}

const EARTH = "['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51', '#8d5a97', '#6d597a']";
const OKABE_ITO = "['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442']";
const TABLEAU = "['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1']";
export const TREATMENTS: Treatment[] = [
  { id: 'ggplot', description: "the 'ggplot' style sheet (grey panel, white grid, ggplot colours), RdPu colour map", lines: ['PALETTE = None', "CMAP = 'RdPu'", "SHEET = 'ggplot'", 'RC = {}'] },
  { id: 'editorial', description: 'serif type, bold title, earth-tone palette, dotted y grid, open top/right spines, frameless legend, YlOrBr map', lines: [`PALETTE = ${EARTH}`, "CMAP = 'YlOrBr'", "SHEET = 'default'", "RC = {'font.family': 'DejaVu Serif', 'font.size': 9, 'axes.titleweight': 'bold', 'axes.titlesize': 11, 'axes.spines.top': False, 'axes.spines.right': False, 'axes.grid': True, 'axes.grid.axis': 'y', 'grid.linestyle': ':', 'grid.color': '#999999', 'legend.frameon': False, 'axes.prop_cycle': plt.cycler(color=PALETTE)}"] },
  { id: 'solarized', description: "the 'Solarize_Light2' style sheet (cream panel, solarized colours), plasma map", lines: ['PALETTE = None', "CMAP = 'plasma'", "SHEET = 'Solarize_Light2'", 'RC = {}'] },
  { id: 'mono', description: 'monospace type, inward ticks on all four sides, heavier frame, Okabe-Ito colours, frameless legend, cividis map', lines: [`PALETTE = ${OKABE_ITO}`, "CMAP = 'cividis'", "SHEET = 'default'", "RC = {'font.family': 'DejaVu Sans Mono', 'font.size': 9, 'xtick.direction': 'in', 'ytick.direction': 'in', 'xtick.top': True, 'ytick.right': True, 'axes.linewidth': 1.4, 'legend.frameon': False, 'axes.prop_cycle': plt.cycler(color=PALETTE)}"] },
  { id: 'dark', description: "the 'dark_background' style sheet (black canvas, pastel colours), magma map", lines: ['PALETTE = None', "CMAP = 'magma'", "SHEET = 'dark_background'", 'RC = {}'] },
  { id: 'darkgrid', description: "seaborn's 'darkgrid' and 'deep' sheets (grey panel, white grid, deep colours), crest-like PuBuGn map", lines: ['PALETTE = None', "CMAP = 'PuBuGn'", "SHEET = ['seaborn-v0_8-darkgrid', 'seaborn-v0_8-deep']", 'RC = {}'] },
  { id: 'clean', description: 'Liberation Sans, grey frame and ticks, open top/right spines, light grid below the data, Tableau 10 colours, Blues map', lines: [`PALETTE = ${TABLEAU}`, "CMAP = 'Blues'", "SHEET = 'default'", "RC = {'font.family': 'Liberation Sans', 'font.size': 11, 'axes.edgecolor': '#555555', 'axes.labelcolor': '#333333', 'xtick.color': '#555555', 'ytick.color': '#555555', 'axes.spines.top': False, 'axes.spines.right': False, 'axes.grid': True, 'grid.color': '#dddddd', 'grid.linewidth': 1.2, 'axes.axisbelow': True, 'axes.prop_cycle': plt.cycler(color=PALETTE)}"] },
  { id: 'bmh', description: "the 'bmh' style sheet (light grey panel, bmh colours), cividis map", lines: ['PALETTE = None', "CMAP = 'cividis'", "SHEET = 'bmh'", 'RC = {}'] },
  { id: 'fivethirtyeight', description: "the 'fivethirtyeight' style sheet (grey canvas, bold grid, 538 colours), inferno map", lines: ['PALETTE = None', "CMAP = 'inferno'", "SHEET = 'fivethirtyeight'", 'RC = {}'] },
];

/** Two treatments per base, rotating through the list, never the base's own style sheet. */
export function treatmentsFor(baseIndex: number, base: Base): Treatment[] {
  const own = base.id === 'beta' ? 'bmh' : base.id === 'lines538' ? 'fivethirtyeight' : null;
  const out: Treatment[] = [];
  for (let k = 0; out.length < 2; k++) {
    const t = TREATMENTS[(2 * baseIndex + k) % TREATMENTS.length]!;
    if (t.id !== own && !out.includes(t)) out.push(t);
  }
  return out;
}
