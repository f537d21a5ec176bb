import type { Field } from '../schemas/common.schema.ts';
import type { FieldStatsRow } from '../schemas/suite.schema.ts';
import type { ImageInfo } from '../schemas/task.schema.ts';
import { round } from '../util/round.ts';
import { compareIds } from './load-suite.ts';
import { quantileOfSorted } from '../stats/quantile.ts';

/** Linear-interpolation percentile (NumPy's default), p in 0..1. */
const percentile = (values: readonly number[], p: number) =>
  quantileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );

/** Label used for tasks whose field is null (repository and synthetic figures). */
export const UNKNOWN_FIELD = 'unknown';

/**
 * ReFigBench Tables 9 and 10 in one list: per source field, the number of tasks, their share of
 * the suite, and the file-size total / mean / P25 / P50 / P75 in bytes. Fields come sorted,
 * `unknown` (field null) after them, and a final `all` row. Empty suite → empty list.
 */
export function computeFieldStats(
  tasks: readonly { field: Field | null; image: Pick<ImageInfo, 'bytes'> }[],
): FieldStatsRow[] {
  if (tasks.length === 0) return [];
  const groups = new Map<string, number[]>();
  for (const t of tasks) {
    const key = t.field ?? UNKNOWN_FIELD;
    const list = groups.get(key) ?? [];
    list.push(t.image.bytes);
    groups.set(key, list);
  }
  const keys = [...groups.keys()].filter((k) => k !== UNKNOWN_FIELD).sort(compareIds);
  if (groups.has(UNKNOWN_FIELD)) keys.push(UNKNOWN_FIELD);
  const row = (field: string, bytes: number[]): FieldStatsRow => {
    const total = bytes.reduce((s, b) => s + b, 0);
    return {
      field,
      images: bytes.length,
      share: round(bytes.length / tasks.length, 4),
      bytesTotal: total,
      bytesMean: round(total / bytes.length, 2),
      bytesP25: round(percentile(bytes, 0.25), 2),
      bytesP50: round(percentile(bytes, 0.5), 2),
      bytesP75: round(percentile(bytes, 0.75), 2),
    };
  };
  const rows = keys.map((k) => row(k, groups.get(k)!));
  rows.push(
    row(
      'all',
      tasks.map((t) => t.image.bytes),
    ),
  );
  return rows;
}
