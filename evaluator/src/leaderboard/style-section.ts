import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { unitId } from './resolve-configurations.ts';
import type { StyleRecord } from '../schemas/style-record.schema.ts';
import { bootstrapMeanCi } from '../stats/bootstrap-mean-ci.ts';
import { createRng } from '../stats/create-rng.ts';
import type { LoadedSubmission, LoadedSuiteInfo } from './leaderboard-inputs.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';

/**
 * Style-track rows (FigMirror §4.2): S, S_code and S_vision means per split and over `all`
 * tasks of the suite, a suite task without a record counting 0, with a bootstrap interval of S.
 */
export function styleRows(
  submission: LoadedSubmission,
  suite: LoadedSuiteInfo,
  options: ResolvedOptions,
): Leaderboard['style'] {
  const tasks = suite.manifest.tasks;
  const byTask = new Map<string, StyleRecord>();
  for (const r of submission.style) byTask.set(r.task, r);
  const splitOf = tasks.map((t, i) => byTask.get(t)?.split ?? suite.splits[i] ?? 'unknown');
  const splits = ['all', ...[...new Set(splitOf)].sort()];
  return splits.map((split) => {
    const idx = tasks.flatMap((_, i) => (split === 'all' || splitOf[i] === split ? [i] : []));
    const S = Float64Array.from(idx, (i) => byTask.get(tasks[i]!)?.S ?? 0);
    const mean = (pick: (r: StyleRecord) => number) =>
      idx.length > 0
        ? idx.reduce((s, i) => s + (byTask.has(tasks[i]!) ? pick(byTask.get(tasks[i]!)!) : 0), 0) /
          idx.length
        : 0;
    return {
      configuration: unitId(submission.manifest),
      submission: submission.id,
      suite: suite.manifest.name,
      split,
      n: idx.length,
      S: mean((r) => r.S),
      code: mean((r) => r.code),
      vision: mean((r) => r.vision),
      ci: bootstrapMeanCi(S, createRng(options.bootstrapSeed), {
        resamples: options.bootstrapResamples,
      }),
    };
  });
}
