import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { unitId } from './resolve-configurations.ts';
import type { StyleJudgmentRecord } from '../schemas/style-judgment-record.schema.ts';
import type { StyleRecord } from '../schemas/style-record.schema.ts';
import { bootstrapMeanCis } from '../stats/bootstrap-mean-ci.ts';
import { createRng } from '../stats/create-rng.ts';
import type { LoadedSubmission, LoadedSuiteInfo } from './leaderboard-inputs.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';

type StyleRow = Leaderboard['style'][number];

/**
 * Style-track rows (FigMirror §4.2): S, S_code and S_vision means per split and over `all`
 * tasks of the suite, a suite task without a record counting 0, each with a bootstrap interval
 * over the references (one resampled index stream for the three, so they are comparable), and
 * the LLM vision channel per judge (`llmRows`). `staleJudges`: judges whose records were made by
 * other scorer versions or settings — left out until rescored.
 */
export function styleRows(
  submission: LoadedSubmission,
  suite: LoadedSuiteInfo,
  options: ResolvedOptions,
  staleJudges: ReadonlySet<string> = new Set(),
): Leaderboard['style'] {
  const tasks = suite.manifest.tasks;
  const byTask = new Map<string, StyleRecord>();
  for (const r of submission.style) byTask.set(r.task, r);
  const splitOf = tasks.map((t, i) => byTask.get(t)?.split ?? suite.splits[i] ?? 'unknown');
  const splits = ['all', ...[...new Set(splitOf)].sort()];
  // A hidden task without a record was not scored (no suite key): counted, left out of the means.
  const sealed = new Set(suite.sealedTasks ?? []);
  const unscored = (t: string) => sealed.has(t) && !byTask.has(t);
  return splits.map((split) => {
    const inSplit = tasks.flatMap((_, i) => (split === 'all' || splitOf[i] === split ? [i] : []));
    const idx = inSplit.filter((i) => !unscored(tasks[i]!));
    const notScored = inSplit.length - idx.length;
    const column = (pick: (r: StyleRecord) => number) =>
      Float64Array.from(idx, (i) => {
        const r = byTask.get(tasks[i]!);
        return r ? pick(r) : 0;
      });
    const S = column((r) => r.S);
    const code = column((r) => r.code);
    const vision = column((r) => r.vision);
    const [ci, codeCi, visionCi] = bootstrapMeanCis(
      [S, code, vision],
      createRng(options.bootstrapSeed),
      { resamples: options.bootstrapResamples },
    );
    return {
      configuration: unitId(submission.manifest),
      submission: submission.id,
      suite: suite.manifest.name,
      split,
      n: idx.length,
      ...(notScored > 0 ? { notScored } : {}),
      S: mean(S),
      code: mean(code),
      vision: mean(vision),
      ci: ci!,
      codeCi: codeCi!,
      visionCi: visionCi!,
      llm: llmRows(
        submission,
        idx.map((i) => tasks[i]!),
        options,
        staleJudges,
      ),
    };
  });
}

/**
 * The LLM vision channel of one row, per judge: for each reference the mean over the judge's
 * runs of its usable verdicts (`ok`, and `missing`/`candidate-failed` at 0 as in style.jsonl);
 * a reference whose every verdict `failed` is counted in `failed` and left out of the mean, one
 * without any record in `unjudged`. Means and bootstrap intervals are over the references with a
 * value.
 */
function llmRows(
  submission: LoadedSubmission,
  tasks: readonly string[],
  options: ResolvedOptions,
  staleJudges: ReadonlySet<string>,
): StyleRow['llm'] {
  const byJudge = new Map<string, { runs: number; records: StyleJudgmentRecord[] }>();
  for (const run of submission.styleJudgments ?? []) {
    if (staleJudges.has(run.judge)) continue;
    const entry = byJudge.get(run.judge) ?? { runs: 0, records: [] };
    entry.runs += 1;
    entry.records.push(...run.records);
    byJudge.set(run.judge, entry);
  }
  return [...byJudge.keys()].sort().map((judge) => {
    const { runs, records } = byJudge.get(judge)!;
    const byTask = new Map<string, StyleJudgmentRecord[]>();
    for (const r of records) byTask.set(r.task, [...(byTask.get(r.task) ?? []), r]);
    const vision: number[] = [];
    const S: number[] = [];
    const added: number[] = [];
    let failed = 0;
    let unjudged = 0;
    for (const task of tasks) {
      const rs = byTask.get(task);
      if (!rs || rs.length === 0) {
        unjudged += 1;
        continue;
      }
      const usable = rs.filter((r) => r.vision !== null && r.S !== null);
      if (usable.length === 0) {
        failed += 1;
        continue;
      }
      vision.push(usable.reduce((s, r) => s + r.vision!, 0) / usable.length);
      S.push(usable.reduce((s, r) => s + r.S!, 0) / usable.length);
      added.push(usable.reduce((s, r) => s + r.defects.length, 0) / usable.length);
    }
    const first = records[0]!;
    const [visionCi, ci] =
      vision.length > 0
        ? bootstrapMeanCis(
            [Float64Array.from(vision), Float64Array.from(S)],
            createRng(options.bootstrapSeed),
            { resamples: options.bootstrapResamples },
          )
        : [null, null];
    return {
      judge,
      family: first.family,
      model: first.model,
      runs,
      n: vision.length,
      failed,
      unjudged,
      vision: vision.length > 0 ? mean(vision) : null,
      visionCi: visionCi ?? null,
      S: S.length > 0 ? mean(S) : null,
      ci: ci ?? null,
      defects: added.length > 0 ? mean(added) : null,
    };
  });
}

function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return values.length > 0 ? s / values.length : 0;
}
