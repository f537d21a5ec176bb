import type { Defect } from '../schemas/style-record.schema.ts';
import type { TargetDataSpec } from '../schemas/target-data.schema.ts';
import type { DataTable } from '../target-data/data-table.ts';
import type {
  IntrospectedAxes,
  IntrospectedSeries,
  Introspection,
  PixelBox,
} from './introspection.schema.ts';
import { mainAxesInOrder } from './style-profile.ts';

/** How close a drawn value must be to its data.csv value, and which charts draw values as given. */
export const DATA_FIDELITY_RULES = {
  /** Largest |drawn − data| / |data| … */
  relative: 0.005,
  /** … or |drawn − data| / (data range), whichever is larger. */
  ofRange: 0.002,
  /** Chart types whose marks are the data values themselves (bar lengths, line and point y). */
  chartTypes: [
    'bar',
    'grouped-bar',
    'stacked-bar',
    'horizontal-bar',
    'line',
    'scatter',
    'errorbar',
    'band',
    'multi-panel-scatter',
    'multi-panel-line',
  ],
} as const;

/** What the check reads of a drawn figure: each axes' role and its series' drawn values. */
export interface DrawnMarks {
  axes: readonly (Pick<IntrospectedAxes, 'role'> & {
    series: readonly Pick<IntrospectedSeries, 'values'>[];
  })[];
}

/** One data series of data.csv: its name and values. */
interface DataSeries {
  name: string;
  values: number[];
}

/** What the data-fidelity check found. */
export interface DataFidelity {
  /** False when the task's chart does not draw the data values as given (histograms, pies …). */
  checked: boolean;
  /** Data series of data.csv, and how many of them are drawn with all their values. */
  series: number;
  drawnSeries: number;
  /** Each series with values not drawn: its name, how many, of how many. */
  missing: { series: string; missing: number; of: number }[];
}

/**
 * The data series of a task CSV: with a layout spec, the `value` / `y` column grouped by the
 * `series` (or `panel`) column; without one, the wide layout of the sample suite (a column of
 * labels, then one numeric column per series), or null when the layout is not known.
 */
function dataSeries(table: DataTable, spec: TargetDataSpec | undefined): DataSeries[] | null {
  const num = (s: string | undefined) => (s !== undefined && s.trim() !== '' ? Number(s) : NaN);
  if (!spec) {
    // Only the wide layout with a label column is known without a spec: a first column of
    // numbers (x, y, err …) has roles this check cannot tell apart.
    if (table.rows.every((r) => Number.isFinite(num(r[0])))) return null;
    const cols = table.header.slice(1);
    const series = cols.map((name, k) => ({
      name,
      values: table.rows.map((r) => num(r[k + 1])),
    }));
    return series.every((s) => s.values.every(Number.isFinite)) ? series : null;
  }
  const valueAt = spec.roles.findIndex((r) => r === 'value' || r === 'y');
  if (valueAt < 0) return null;
  const groupAt = spec.roles.findIndex((r) => r === 'series' || r === 'panel');
  const groups = new Map<string, number[]>();
  for (const row of table.rows) {
    const key = groupAt < 0 ? '' : (row[groupAt] ?? '');
    const v = num(row[valueAt]);
    if (!Number.isFinite(v)) return null;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  return [...groups].map(([name, values]) => ({
    name: name || (table.header[valueAt] ?? 'value'),
    values,
  }));
}

/**
 * Data fidelity (issue 22, item 4): every series of data.csv must be drawn with all its values.
 * The drawn values come from the artists that left pixels in the scored PNG (bar lengths, line
 * vertices, scatter offsets, in data units: `IntrospectedSeries.values`), so a series left out,
 * a bar not drawn or a bar erased after drawing is missing. Each data series is matched with the
 * drawn series that holds most of its values; a value counts when one of its values is within
 * the rules' tolerance. Values near zero are not asked for (a zero bar leaves no pixels).
 */
export function checkDataFidelity(
  table: DataTable,
  spec: TargetDataSpec | undefined,
  chartType: string,
  candidate: DrawnMarks,
): DataFidelity {
  const unchecked: DataFidelity = { checked: false, series: 0, drawnSeries: 0, missing: [] };
  if (!(DATA_FIDELITY_RULES.chartTypes as readonly string[]).includes(chartType)) return unchecked;
  const series = dataSeries(table, spec);
  if (!series || series.length === 0) return unchecked;
  const all = series.flatMap((s) => s.values);
  const range = Math.max(...all) - Math.min(...all);
  const tolerance = (v: number) =>
    Math.max(1e-9, DATA_FIDELITY_RULES.relative * Math.abs(v), DATA_FIDELITY_RULES.ofRange * range);
  const drawn = candidate.axes
    .filter((a) => a.role !== 'colorbar')
    .flatMap((a) => a.series)
    .map((s) => [...(s.values ?? [])].sort((x, y) => x - y))
    .filter((v) => v.length > 0);
  const has = (sorted: number[], v: number) => {
    const t = tolerance(v);
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < v - t) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo]! <= v + t;
  };
  const missing: DataFidelity['missing'] = [];
  for (const s of series) {
    const wanted = s.values.filter((v) => Math.abs(v) > tolerance(0));
    const best = Math.max(0, ...drawn.map((d) => wanted.filter((v) => has(d, v)).length));
    if (best < wanted.length)
      missing.push({ series: s.name, missing: wanted.length - best, of: wanted.length });
  }
  return {
    checked: true,
    series: series.length,
    drawnSeries: series.length - missing.length,
    missing,
  };
}

/** The vision channel's major defect for data not drawn (none when every value is). */
export function dataFidelityDefects(fidelity: DataFidelity, candidate: Introspection): Defect[] {
  if (!fidelity.checked || fidelity.missing.length === 0) return [];
  const boxes = mainAxesInOrder(candidate)
    .map((a) => a.box)
    .filter((b): b is PixelBox => b !== null);
  const box: PixelBox | null = boxes[0] ?? null;
  const values = fidelity.missing.reduce((n, m) => n + m.missing, 0);
  const list = fidelity.missing
    .slice(0, 6)
    .map((m) => `${JSON.stringify(m.series.slice(0, 40))} ${m.missing} of ${m.of}`)
    .join(', ');
  return [
    {
      kind: 'data-missing',
      severity: 'major',
      box,
      detail: `data not drawn: ${values} value${values === 1 ? '' : 's'} of data.csv have no drawn mark (${fidelity.drawnSeries} of ${fidelity.series} series complete; missing ${list}${fidelity.missing.length > 6 ? ', …' : ''})`,
    },
  ];
}
