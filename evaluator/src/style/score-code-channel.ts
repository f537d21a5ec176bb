import type { StyleCriterion } from '../schemas/style-task.schema.ts';
import { round } from '../util/round.ts';
import type { Introspection } from './introspection.schema.ts';
import { buildStyleProfile, valuesMatch } from './style-profile.ts';

export interface CodeChannelResult {
  /** 100 × met / total (100 when the reference has no applicable departures at all). */
  score: number;
  met: number;
  /** Applicable criteria (see `notApplicable`). */
  total: number;
  details: { id: string; met: boolean; expected: unknown; got: unknown }[];
  /** Criteria left out because the target data has fewer series than the reference. */
  notApplicable: string[];
}

const SERIES_CRITERION = /^axes\[(\d+)\]\.series\[(\d+)\]\./;

/**
 * Code channel S_code: the share of the task's criteria the candidate's drawn figure meets
 * (colours by CIEDE2000, numbers within tolerance, categories exactly). An attribute the
 * candidate does not have at all (no grid, no legend, a missing panel) is not met. The one
 * exception is the colour of series j when the candidate draws fewer than j+1 series in that
 * panel but at least one: the target data decides the series count, so that criterion does not
 * apply (a candidate that draws no series at all still misses every colour).
 */
export function scoreCodeChannel(
  criteria: readonly StyleCriterion[],
  candidate: Introspection,
): CodeChannelResult {
  const profile = buildStyleProfile(candidate);
  const seriesCount = new Map<number, number>();
  for (const path of profile.keys()) {
    const m = SERIES_CRITERION.exec(path);
    if (m)
      seriesCount.set(Number(m[1]), Math.max(seriesCount.get(Number(m[1])) ?? 0, Number(m[2]) + 1));
  }
  const details: CodeChannelResult['details'] = [];
  const notApplicable: string[] = [];
  for (const c of criteria) {
    const m = SERIES_CRITERION.exec(c.id);
    if (m) {
      const have = seriesCount.get(Number(m[1])) ?? 0;
      if (have > 0 && Number(m[2]) >= have) {
        notApplicable.push(c.id);
        continue;
      }
    }
    const got = profile.get(c.id)?.value ?? null;
    details.push({
      id: c.id,
      met: valuesMatch(c.kind, got, c.expected, c.tolerance),
      expected: c.expected,
      got,
    });
  }
  const met = details.filter((d) => d.met).length;
  const total = details.length;
  return {
    score: total === 0 ? 100 : round((100 * met) / total, 2),
    met,
    total,
    details,
    notApplicable,
  };
}
