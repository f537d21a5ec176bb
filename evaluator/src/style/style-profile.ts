import type { CriterionKind, CriterionValue, Tolerance } from '../schemas/style-task.schema.ts';
import { colorDistance } from './ciede2000.ts';
import type {
  Introspection,
  IntrospectedAxes,
  IntrospectedSeries,
  IntrospectedText,
  MatplotlibDefaults,
  TextRole,
} from './introspection.schema.ts';

/** One style attribute of a drawn figure, with matplotlib's default for it. */
export interface ProfileEntry {
  path: string;
  kind: CriterionKind;
  value: CriterionValue;
  /** matplotlib's default for this attribute, or null when the defaults table has none. */
  default: CriterionValue | null;
  tolerance: Tolerance;
  description: string;
}

/** Colours within ΔE00 10 count as the same colour (same hue family, barely distinguishable side by side). */
export const COLOR_TOLERANCE: Tolerance = { deltaE: 10 };
const FONT_SIZE: Tolerance = { absolute: 0.5 };
const WIDTH: Tolerance = { relative: 0.25 };
const ALPHA: Tolerance = { absolute: 0.1 };

/** Text roles whose fonts are part of the style (tick TEXT is data; tick label fonts are style). */
const TEXT_ROLES: TextRole[] = [
  'title',
  'suptitle',
  'xlabel',
  'ylabel',
  'xtick',
  'ytick',
  'legend',
  'legend-title',
  'annotation',
  'colorbar-label',
  'colorbar-tick',
];
/** Series kinds whose colours are the figure's data palette (bands and reference lines are not). */
export const PALETTE_KINDS = new Set([
  'line',
  'scatter',
  'bar',
  'barh',
  'hist',
  'area',
  'pie',
  'stem',
  'box',
  'violin',
  'rule',
  'event',
]);
/** Series kinds drawn with a colormap. */
export const MAPPED_KINDS = new Set(['heatmap', 'contour', 'hexbin']);
const CYCLE_KINDS = new Set(['line', 'scatter', 'bar', 'barh', 'hist', 'area', 'pie', 'stem']);

/** Main axes (panels) in reading order: subplot row, then column; else top-to-bottom, left-to-right. */
export function mainAxesInOrder(intro: Introspection): IntrospectedAxes[] {
  const main = intro.axes.filter((a) => a.role === 'main');
  return [...main].sort((a, b) => {
    if (
      a.subplot &&
      b.subplot &&
      a.subplot.rows === b.subplot.rows &&
      a.subplot.cols === b.subplot.cols
    ) {
      return a.subplot.row - b.subplot.row || a.subplot.col - b.subplot.col || a.index - b.index;
    }
    const topA = a.position[1] + a.position[3];
    const topB = b.position[1] + b.position[3];
    // rounded to 1% of the figure height so panels of one row compare equal
    return (
      Math.round(topB * 100) - Math.round(topA * 100) ||
      a.position[0] - b.position[0] ||
      a.index - b.index
    );
  });
}

/** Most frequent value (first seen wins ties), ignoring null. */
function mode<T extends CriterionValue>(values: (T | null | undefined)[]): T | null {
  const counts = new Map<T, number>();
  let best: T | null = null;
  let bestCount = 0;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

/**
 * The style profile of a drawn figure: every scored attribute as a path → value map, with
 * matplotlib's default beside it. Data values, tick text and label text are deliberately absent:
 * a style-transfer candidate plots different data with different labels.
 */
export function buildStyleProfile(intro: Introspection): Map<string, ProfileEntry> {
  const d = intro.defaults;
  const out = new Map<string, ProfileEntry>();
  const put = (
    path: string,
    kind: CriterionKind,
    value: CriterionValue | null | undefined,
    def: CriterionValue | null | undefined,
    tolerance: Tolerance,
    description: string,
  ) => {
    if (value === null || value === undefined) return;
    out.set(path, { path, kind, value, default: def ?? null, tolerance, description });
  };

  // Figure.
  const fig = intro.figure;
  if (fig.heightIn > 0) {
    put(
      'figure.aspect',
      'number',
      round3(fig.widthIn / fig.heightIn),
      round3(d.figure.widthIn / d.figure.heightIn),
      { relative: 0.1 },
      'figure aspect ratio (width / height)',
    );
  }
  put(
    'figure.width',
    'number',
    fig.widthIn,
    d.figure.widthIn,
    { relative: 0.15 },
    'figure width (inches)',
  );
  put(
    'figure.facecolor',
    'color',
    fig.facecolor,
    d.figure.facecolor,
    COLOR_TOLERANCE,
    'figure background colour',
  );

  // Fonts per text role.
  for (const role of TEXT_ROLES) {
    // Only texts that left pixels earn credit: an invisible text cannot carry a style.
    const texts = intro.texts.filter((t: IntrospectedText) => t.role === role && t.shown);
    if (texts.length === 0) continue;
    put(
      `text.${role}.family`,
      'category',
      mode(texts.map((t) => t.family)),
      d.font.family,
      {},
      `${role} font family`,
    );
    put(
      `text.${role}.size`,
      'number',
      mode(texts.map((t) => t.fontsize)),
      d.textSize[role] ?? d.font.size,
      FONT_SIZE,
      `${role} font size (pt)`,
    );
    put(
      `text.${role}.weight`,
      'category',
      mode(texts.map((t) => t.weight)),
      d.textWeight[role] ?? 'normal',
      {},
      `${role} font weight`,
    );
    put(
      `text.${role}.style`,
      'category',
      mode(texts.map((t) => t.style)),
      'normal',
      {},
      `${role} font style`,
    );
    put(
      `text.${role}.color`,
      'color',
      mode(texts.map((t) => t.color)),
      d.textColor[role] ?? '#000000',
      COLOR_TOLERANCE,
      `${role} text colour`,
    );
  }

  // Panels.
  mainAxesInOrder(intro).forEach((ax, k) => {
    profileAxes(ax, `axes[${k}]`, d, put);
  });
  return out;
}

type Put = (
  path: string,
  kind: CriterionKind,
  value: CriterionValue | null | undefined,
  def: CriterionValue | null | undefined,
  tolerance: Tolerance,
  description: string,
) => void;

/**
 * Whether a panel draws only pies (and donuts): pie() itself takes the frame, ticks and grid away,
 * so none of them is a style choice there, and a default-style pie meets them for free.
 */
function isPieOnly(ax: IntrospectedAxes): boolean {
  return ax.chartTypes.length > 0 && ax.chartTypes.every((k) => k === 'pie');
}

function profileAxes(ax: IntrospectedAxes, p: string, d: MatplotlibDefaults, put: Put): void {
  if (!isPieOnly(ax)) profileAxisFurniture(ax, p, d, put);
  put(
    `${p}.facecolor`,
    'color',
    ax.facecolor,
    d.axesFacecolor,
    COLOR_TOLERANCE,
    'plot area background colour',
  );
  profileLegendAndSeries(ax, p, d, put);
}

/** Spines, grid, ticks, scales and the axis layer order of one panel. */
function profileAxisFurniture(
  ax: IntrospectedAxes,
  p: string,
  d: MatplotlibDefaults,
  put: Put,
): void {
  for (const side of ['left', 'right', 'top', 'bottom'] as const) {
    const s = ax.spines[side];
    if (!s) continue;
    put(
      `${p}.spines.${side}.visible`,
      'boolean',
      s.visible,
      d.spine.visible,
      {},
      `${side} spine shown`,
    );
    if (s.visible) {
      put(
        `${p}.spines.${side}.color`,
        'color',
        s.color,
        d.spine.color,
        COLOR_TOLERANCE,
        `${side} spine colour`,
      );
      put(
        `${p}.spines.${side}.linewidth`,
        'number',
        s.linewidth,
        d.spine.linewidth,
        WIDTH,
        `${side} spine width (pt)`,
      );
    }
  }
  for (const a of ['x', 'y'] as const) {
    const g = ax.grid[a];
    put(`${p}.grid.${a}.on`, 'boolean', g.on, d.grid.on, {}, `${a} grid lines shown`);
    if (g.on) {
      put(
        `${p}.grid.${a}.linestyle`,
        'category',
        g.linestyle,
        d.grid.linestyle,
        {},
        `${a} grid line style`,
      );
      put(
        `${p}.grid.${a}.linewidth`,
        'number',
        g.linewidth,
        d.grid.linewidth,
        WIDTH,
        `${a} grid line width (pt)`,
      );
      put(
        `${p}.grid.${a}.color`,
        'color',
        g.color,
        d.grid.color,
        COLOR_TOLERANCE,
        `${a} grid line colour`,
      );
      put(`${p}.grid.${a}.alpha`, 'number', g.alpha, d.grid.alpha, ALPHA, `${a} grid line opacity`);
    }
    const t = ax.ticks[a];
    const td = d.ticks[a];
    put(
      `${p}.ticks.${a}.direction`,
      'category',
      t.direction,
      td.direction,
      {},
      `${a} tick direction`,
    );
    put(`${p}.ticks.${a}.sides`, 'category', t.sides, td.sides, {}, `${a} tick sides`);
    put(
      `${p}.ticks.${a}.labelSides`,
      'category',
      t.labelSides,
      td.labelSides,
      {},
      `${a} tick label sides`,
    );
    if (t.sides !== 'none') {
      put(
        `${p}.ticks.${a}.length`,
        'number',
        t.length,
        td.length,
        WIDTH,
        `${a} major tick length (pt)`,
      );
      put(
        `${p}.ticks.${a}.width`,
        'number',
        t.width,
        td.width,
        WIDTH,
        `${a} major tick width (pt)`,
      );
    }
    put(
      `${p}.ticks.${a}.rotation`,
      'number',
      t.rotation,
      td.rotation,
      { absolute: 5 },
      `${a} tick label rotation (degrees)`,
    );
    put(
      `${p}.ticks.${a}.minorVisible`,
      'boolean',
      t.minorVisible,
      td.minorVisible,
      {},
      `${a} minor ticks shown`,
    );
    put(`${p}.scale.${a}`, 'category', ax.scale[a], d.scale, {}, `${a} axis scale`);
  }
  put(
    `${p}.axisbelow`,
    'category',
    ax.axisbelow,
    d.axisbelow,
    {},
    'grid and ticks drawn below the data',
  );
}

/** Legend frame and placement, the data palette and each chart kind's drawing style. */
function profileLegendAndSeries(
  ax: IntrospectedAxes,
  p: string,
  d: MatplotlibDefaults,
  put: Put,
): void {
  const leg = ax.legend;
  if (leg) {
    put(`${p}.legend.frameon`, 'boolean', leg.frameon, d.legend.frameon, {}, 'legend frame shown');
    put(
      `${p}.legend.loc`,
      'category',
      leg.anchored ? `anchored:${leg.loc}` : leg.loc,
      d.legend.loc,
      {},
      'legend location',
    );
    put(
      `${p}.legend.ncols`,
      'number',
      leg.ncols,
      d.legend.ncols,
      { absolute: 0 },
      'legend columns',
    );
    if (leg.frameon) {
      put(
        `${p}.legend.edgecolor`,
        'color',
        leg.frameEdgecolor,
        d.legend.frameEdgecolor,
        COLOR_TOLERANCE,
        'legend frame colour',
      );
      put(
        `${p}.legend.framealpha`,
        'number',
        leg.framealpha,
        d.legend.framealpha,
        ALPHA,
        'legend frame opacity',
      );
      put(
        `${p}.legend.fancybox`,
        'boolean',
        leg.fancybox,
        d.legend.fancybox,
        {},
        'legend frame has rounded corners',
      );
      put(
        `${p}.legend.shadow`,
        'boolean',
        leg.shadow,
        d.legend.shadow,
        {},
        'legend frame has a shadow',
      );
    }
  }

  // Data palette: colour of each data series in drawing order.
  const palette = ax.series.filter((s) => PALETTE_KINDS.has(s.kind) && s.color !== null);
  palette.forEach((s, j) => {
    const def = CYCLE_KINDS.has(s.kind) && d.cycle.length > 0 ? d.cycle[j % d.cycle.length] : null;
    put(
      `${p}.series[${j}].color`,
      'color',
      s.color,
      def,
      COLOR_TOLERANCE,
      `colour of data series ${j + 1}`,
    );
  });

  // Per chart kind: the most common drawing style of its series.
  const kinds = [...new Set(ax.series.map((s) => s.kind))].sort();
  for (const kind of kinds) {
    const series = ax.series.filter((s) => s.kind === kind);
    const q = `${p}.${kind}`;
    const m = <K extends keyof IntrospectedSeries>(key: K) =>
      mode(series.map((s) => s[key] as CriterionValue | null));
    if (MAPPED_KINDS.has(kind)) {
      put(`${q}.cmap`, 'category', m('cmap'), d.cmap, {}, `${kind} colormap`);
      continue;
    }
    const isLine =
      kind === 'line' ||
      kind === 'refline' ||
      kind === 'rule' ||
      kind === 'stem' ||
      kind === 'event';
    const isMarker = kind === 'scatter';
    const lineDefaults = d.line;
    put(`${q}.alpha`, 'number', m('alpha'), 1, ALPHA, `${kind} opacity`);
    if (isLine) {
      put(
        `${q}.linewidth`,
        'number',
        m('linewidth'),
        lineDefaults.linewidth,
        WIDTH,
        `${kind} line width (pt)`,
      );
      put(
        `${q}.linestyle`,
        'category',
        m('linestyle'),
        lineDefaults.linestyle,
        {},
        `${kind} line style`,
      );
      put(`${q}.marker`, 'category', m('marker'), lineDefaults.marker, {}, `${kind} marker`);
      const marker = m('marker');
      if (marker !== null && marker !== 'none')
        put(
          `${q}.markersize`,
          'number',
          m('markersize'),
          lineDefaults.markersize,
          WIDTH,
          `${kind} marker size (pt)`,
        );
    } else if (isMarker) {
      put(`${q}.marker`, 'category', m('marker'), d.scatter.marker, {}, 'scatter marker');
      put(
        `${q}.markersize`,
        'number',
        m('markersize'),
        d.scatter.markersize,
        WIDTH,
        'scatter marker size (pt)',
      );
      put(
        `${q}.edgecolor`,
        'color',
        m('edgecolor'),
        null,
        COLOR_TOLERANCE,
        'scatter marker edge colour',
      );
    } else {
      const edge = m('edgecolor');
      put(
        `${q}.edgecolor`,
        'color',
        edge,
        d.patch.edgecolor,
        COLOR_TOLERANCE,
        `${kind} edge colour`,
      );
      if (edge !== null && edge !== 'none')
        put(
          `${q}.edgewidth`,
          'number',
          m('linewidth'),
          d.patch.linewidth,
          WIDTH,
          `${kind} edge width (pt)`,
        );
      put(`${q}.hatch`, 'category', m('hatch'), d.patch.hatch, {}, `${kind} hatch pattern`);
    }
  }
}

/** Whether a candidate value meets a criterion value under its tolerance. */
export function valuesMatch(
  kind: CriterionKind,
  got: CriterionValue | null | undefined,
  expected: CriterionValue,
  tolerance: Tolerance,
): boolean {
  if (got === null || got === undefined) return false;
  switch (kind) {
    case 'color':
      if (typeof got !== 'string' || typeof expected !== 'string') return false;
      return colorDistance(got, expected) <= (tolerance.deltaE ?? 0) + 1e-9;
    case 'number': {
      if (typeof got !== 'number' || typeof expected !== 'number') return false;
      const allowed = Math.max(
        tolerance.absolute ?? 0,
        (tolerance.relative ?? 0) * Math.abs(expected),
      );
      return Math.abs(got - expected) <= allowed + 1e-9;
    }
    default:
      return got === expected;
  }
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
