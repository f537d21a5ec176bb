import type { DataFamily, DataRole, TargetDataSpec } from '../schemas/target-data.schema.ts';

/** Column layouts each family accepts, in column order. */
export const FAMILY_LAYOUTS: Record<DataFamily, DataRole[][]> = {
  xy: [
    ['series', 'x', 'y'],
    ['series', 'x', 'y', 'err'],
    ['series', 'x', 'y', 'lo', 'hi'],
    ['series', 'x', 'y', 'size'],
  ],
  cat: [
    ['category', 'value'],
    ['category', 'series', 'value'],
    ['category', 'series', 'value', 'err'],
  ],
  samples: [['group', 'value']],
  matrix: [['row', 'col', 'value']],
  'panel-xy': [['panel', 'x', 'y']],
  dual: [['x', 'left', 'right']],
};

/** Roles holding labels; every other role holds numbers. */
export const DISCRETE_ROLES: ReadonlySet<DataRole> = new Set([
  'series',
  'category',
  'group',
  'row',
  'col',
  'panel',
]);

/** The role whose values the value axis shows (units, sign and scale variations act on it). */
export function mainValueRole(spec: TargetDataSpec): DataRole {
  return spec.family === 'xy' || spec.family === 'panel-xy'
    ? 'y'
    : spec.family === 'dual'
      ? 'left'
      : 'value';
}

/** The role that counts "series" for the family (series, groups, parts), or null. */
export function seriesRole(spec: TargetDataSpec): DataRole | null {
  if (spec.roles.includes('series')) return 'series';
  if (spec.roles.includes('group')) return 'group';
  return null;
}

/** The role that counts "categories" for the family (categories, matrix rows, panels), or null. */
export function categoryRole(spec: TargetDataSpec): DataRole | null {
  for (const r of ['category', 'row', 'panel'] as const) if (spec.roles.includes(r)) return r;
  return null;
}

/** True when the spec's roles are one of its family's layouts. */
export function isKnownLayout(spec: TargetDataSpec): boolean {
  return FAMILY_LAYOUTS[spec.family].some(
    (l) => l.length === spec.roles.length && l.every((r, i) => r === spec.roles[i]),
  );
}

/** Distinct values of one column, in first-seen order. */
export function distinct(rows: readonly string[][], col: number): string[] {
  return [...new Set(rows.map((r) => r[col] ?? ''))];
}
