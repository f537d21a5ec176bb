import type { DataShape, TargetDataSpec } from '../schemas/target-data.schema.ts';
import type { DataTable } from './data-table.ts';
import {
  DISCRETE_ROLES,
  categoryRole,
  distinct,
  mainValueRole,
  seriesRole,
} from './data-layout.ts';

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The shape of a (checked) table: counts, density, value range and label length. */
export function describeDataShape(spec: TargetDataSpec, table: DataTable): DataShape {
  const rows = table.rows;
  const sr = seriesRole(spec);
  const cr = categoryRole(spec);
  const si = sr ? spec.roles.indexOf(sr) : -1;
  const ci = cr ? spec.roles.indexOf(cr) : -1;
  const series = si >= 0 ? distinct(rows, si) : [''];
  // Density is counted per series, or per panel in a panel grid (one series per panel).
  const di = si >= 0 ? si : spec.family === 'panel-xy' ? spec.roles.indexOf('panel') : -1;
  const perSeries =
    di >= 0 ? distinct(rows, di).map((s) => rows.filter((r) => r[di] === s).length) : [rows.length];
  const vi = spec.roles.indexOf(mainValueRole(spec));
  const values = rows.map((r) => Number(r[vi]));
  const labelLengths = rows.flatMap((r) =>
    spec.roles.flatMap((role, c) => (DISCRETE_ROLES.has(role) ? [r[c]!.length] : [])),
  );
  const per = spec.family === 'cat' || spec.family === 'matrix' ? [] : perSeries;
  return {
    rows: rows.length,
    series: series.length,
    categories: ci >= 0 ? distinct(rows, ci).length : 0,
    columns: spec.family === 'matrix' ? distinct(rows, spec.roles.indexOf('col')).length : 0,
    pointsPerSeries: median(per.length ? per : [rows.length]),
    densityRatio:
      per.length > 0
        ? Math.round((100 * Math.max(...per)) / Math.max(1, Math.min(...per))) / 100
        : 1,
    valueMin: values.length ? Math.min(...values) : 0,
    valueMax: values.length ? Math.max(...values) : 0,
    maxLabelLength: labelLengths.length ? Math.max(...labelLengths) : 0,
  };
}
