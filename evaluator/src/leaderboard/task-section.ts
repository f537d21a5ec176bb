import type { ArtifactRecord } from '../schemas/audit-record.schema.ts';
import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { STATUS, type JudgeSeries } from './collect-judge-scores.ts';
import { latestPerTask } from './audit-section.ts';
import type { LoadedSuiteInfo } from './leaderboard-inputs.ts';
import type { ConfigurationUnit } from './resolve-configurations.ts';

/**
 * Per-task results for the site's task and submission pages: for every task of a suite with
 * configurations on the board, each configuration's primary-judge scoring-run result (final,
 * subscores, gate, cap). Without primary judgments the gate and cap come from the audit.
 */
export function taskRows(
  suite: LoadedSuiteInfo,
  units: readonly ConfigurationUnit[],
  primaryOf: (u: ConfigurationUnit) => JudgeSeries | undefined,
): Leaderboard['tasks'] {
  const columns = units.map((unit) => ({
    unit,
    series: primaryOf(unit),
    artifacts: latestPerTask<ArtifactRecord>(unit, (s) => s.artifacts),
  }));
  return suite.manifest.tasks.map((id, i) => ({
    id,
    suite: suite.manifest.name,
    field: suite.fields[i] ?? null,
    ...(suite.verified ? { verified: suite.verified[i] === true } : {}),
    results: columns.map(({ unit, series, artifacts }) => {
      const record = series?.records[i];
      const artifact = artifacts[i];
      const status = series?.status[0]?.[i];
      const final = series ? series.final[0]![i]! : Number.NaN;
      const gate = record
        ? { passed: record.gate.passed, reason: record.gate.reason }
        : artifact?.audit
          ? { passed: artifact.audit.gate.passed, reason: artifact.audit.gate.reason }
          : { passed: false, reason: 'missing' };
      return {
        submission: record?.submission ?? artifact?.submission ?? unit.submissions.at(-1)!.id,
        configuration: unit.id,
        final: Number.isNaN(final) ? null : final,
        ...(status === STATUS.unverified && record?.final != null ? { preview: record.final } : {}),
        subscores: status === STATUS.ok && record?.subscores ? { ...record.subscores } : null,
        gate,
        cap: record?.cap ?? artifact?.audit?.cap ?? 100,
      };
    }),
  }));
}
