import type { ArtifactRecord } from '../schemas/audit-record.schema.ts';
import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { medianOf } from '../stats/quantile.ts';
import { excludedStatus, type JudgeSeries } from './collect-judge-scores.ts';
import type { ConfigurationUnit } from './resolve-configurations.ts';

/** Largest-picture coverage from which an artifact counts as a full-slide picture (Table 15). */
export const FULL_PICTURE_COVERAGE = 0.85;

/** The newest submission's record per suite task (undefined where none). */
export function latestPerTask<T extends { task: string }>(
  unit: ConfigurationUnit,
  pick: (s: ConfigurationUnit['submissions'][number]) => readonly T[],
): (T | undefined)[] {
  const out: (T | undefined)[] = new Array(unit.suite.manifest.tasks.length).fill(undefined);
  for (const sub of unit.submissions) {
    for (const r of pick(sub)) {
      const i = unit.taskIndex.get(r.task);
      if (i !== undefined) out[i] = r;
    }
  }
  return out;
}

const pct = (count: number, n: number) => (n > 0 ? (100 * count) / n : 0);

/**
 * The structural audit row of a configuration (ReFigBench Table 15) from its artifact records:
 * shares with any picture, a full-slide picture, the flattening cap and no native connector;
 * medians of text-bearing shapes (a generated deck puts most labels in plain shapes, not
 * `txBox` text boxes), non-line shapes (plain shapes and freeforms) and connectors; and, from
 * the primary judge's scoring run, the shares with S < 15 and final < 50. Null when the
 * configuration has no artifact records.
 */
export function auditRow(
  unit: ConfigurationUnit,
  primary: JudgeSeries | undefined,
): Leaderboard['audit'][number] | null {
  const records = latestPerTask<ArtifactRecord>(unit, (s) => s.artifacts);
  if (records.every((r) => r === undefined)) return null;
  const audits = records.flatMap((r) => (r && r.status === 'ok' && r.audit ? [r.audit] : []));
  const n = audits.length;
  let img = 0;
  let full = 0;
  let capped = 0;
  let noConn = 0;
  for (const a of audits) {
    if (a.counts.pictures > 0 || a.largestPictureCoverage > 0) img++;
    if (a.largestPictureCoverage >= FULL_PICTURE_COVERAGE) full++;
    if (a.cap < 100) capped++;
    if (a.counts.connectors === 0) noConn++;
  }
  let structureBelow15Pct: number | null = null;
  let below50Pct: number | null = null;
  if (primary) {
    const final = primary.final[0]!;
    let valid = 0;
    let s15 = 0;
    let b50 = 0;
    for (let i = 0; i < final.length; i++) {
      if (excludedStatus(primary.status[0]![i])) continue;
      valid++;
      if (primary.axes.S[i]! < 15) s15++;
      if (final[i]! < 50) b50++;
    }
    structureBelow15Pct = pct(s15, valid);
    below50Pct = pct(b50, valid);
  }
  return {
    configuration: unit.id,
    n,
    missing: records.length - n,
    imgPct: pct(img, n),
    fullPct: pct(full, n),
    capPct: pct(capped, n),
    capped,
    noConnPct: pct(noConn, n),
    medianTexts: medianOf(audits.map((a) => a.counts.textShapes)) ?? 0,
    medianShapes: medianOf(audits.map((a) => a.counts.shapes + a.counts.freeforms)) ?? 0,
    medianConnectors: medianOf(audits.map((a) => a.counts.connectors)) ?? 0,
    structureBelow15Pct,
    below50Pct,
  };
}
