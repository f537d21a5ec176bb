import type { EffortRecord } from '../schemas/effort-record.schema.ts';
import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { medianOf } from '../stats/quantile.ts';
import { latestPerTask } from './audit-section.ts';
import type { ConfigurationUnit } from './resolve-configurations.ts';

/**
 * Effort and cost of a configuration (ReFigBench Tables 22–23) from its effort records: formats
 * seen (a suite task without a record counts as `missing`), per-task medians over the recognised
 * logs, summed tokens, and cost per record that has one (recorded, or estimated and flagged).
 * Null when the configuration has no effort records.
 */
export function effortRow(unit: ConfigurationUnit): Leaderboard['effort'][number] | null {
  const records = latestPerTask<EffortRecord>(unit, (s) => s.effort);
  if (records.every((r) => r === undefined)) return null;
  const formats: Record<string, number> = {};
  for (const r of records)
    formats[r?.format ?? 'missing'] = (formats[r?.format ?? 'missing'] ?? 0) + 1;
  const logs = records.filter(
    (r): r is EffortRecord =>
      r !== undefined && (r.format === 'claude-code' || r.format === 'codex'),
  );
  const values = (pick: (r: EffortRecord) => number | null) =>
    logs.map(pick).filter((v): v is number => v !== null);
  const costs = values((r) => r.costUsd);
  const totals = values((r) => r.totalTokens);
  const durations = values((r) => r.durationMs);
  return {
    configuration: unit.id,
    n: records.length,
    formats: Object.fromEntries(Object.entries(formats).sort(([a], [b]) => (a < b ? -1 : 1))),
    logs: logs.length,
    medianTurns: medianOf(values((r) => r.turns)),
    medianToolCalls: medianOf(values((r) => r.toolCalls)),
    medianOutputTokens: medianOf(values((r) => r.outputTokens)),
    medianTotalTokens: medianOf(totals),
    totalTokens: totals.length > 0 ? totals.reduce((s, v) => s + v, 0) : null,
    medianDurationS: durations.length > 0 ? medianOf(durations)! / 1000 : null,
    costPerArtifact: costs.length > 0 ? costs.reduce((s, v) => s + v, 0) / costs.length : null,
    totalCost: costs.length > 0 ? costs.reduce((s, v) => s + v, 0) : null,
    costRecords: costs.length,
    costEstimated: logs.some((r) => r.costEstimated && r.costUsd !== null),
  };
}
