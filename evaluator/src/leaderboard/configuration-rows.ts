import type { ConfigurationRow } from '../schemas/leaderboard.schema.ts';
import { AXES } from '../stats/axes.ts';
import { bootstrapMeanCi } from '../stats/bootstrap-mean-ci.ts';
import { createRng } from '../stats/create-rng.ts';
import { summarizeScores } from '../stats/summarize-scores.ts';
import { excludedStatus, STATUS, type JudgeSeries } from './collect-judge-scores.ts';
import { bootstrapDifferenceCi } from '../stats/bootstrap-difference-ci.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';
import { isSample, roleOf, type ConfigurationUnit } from './resolve-configurations.ts';

/** Per-configuration effort numbers the rows show (from the effort section). */
export interface EffortSummary {
  costPerArtifact: number | null;
  medianTurns: number | null;
}

/**
 * One configuration row (ReFigBench Tables 2, 12, 14, 18): the scoring run's mean with its
 * bootstrap interval (a fresh RNG per row, so a row never depends on which rows come before it),
 * quartiles, tails, axis and field means, and the run-to-run picture. `rank` is filled later.
 */
export function configurationRow(
  unit: ConfigurationUnit,
  series: JudgeSeries,
  effort: EffortSummary | undefined,
  options: ResolvedOptions,
): ConfigurationRow {
  const n = unit.suite.manifest.tasks.length;
  const scoring = series.final[0]!;
  const status = series.status[0]!;
  const scored: number[] = [];
  let missing = 0;
  let gateFailures = 0;
  let judgeFailures = 0;
  let notScored = 0;
  let unverified = 0;
  let capped = 0;
  const axisSums = { T: 0, S: 0, L: 0, E: 0, V: 0 };
  const byField = new Map<string, { n: number; sum: number }>();
  for (let i = 0; i < n; i++) {
    const st = status[i]!;
    if (st === STATUS.missing) missing++;
    else if (st === STATUS.gateFailed) gateFailures++;
    else if (st === STATUS.failed) {
      judgeFailures++;
      continue;
    } else if (st === STATUS.notScored) {
      notScored++;
      continue;
    } else if (st === STATUS.unverified) {
      unverified++;
      continue;
    }
    if (st === STATUS.ok && series.cap[i]! < 100) capped++;
    const v = scoring[i]!;
    scored.push(v);
    for (const a of AXES) axisSums[a] += series.axes[a][i]!;
    const field = unit.suite.fields[i] ?? 'unknown';
    const f = byField.get(field) ?? { n: 0, sum: 0 };
    f.n++;
    f.sum += v;
    byField.set(field, f);
  }
  const summary = summarizeScores(scored);
  const count = scored.length;
  const m = unit.manifest;
  return {
    id: unit.id,
    submissions: unit.submissions.map((s) => s.id).sort(),
    team: m.team,
    model: {
      name: m.model.name,
      provider: m.model.provider,
      snapshot: m.model.snapshot,
      reasoningEffort: m.model.reasoningEffort ?? null,
    },
    harness: { name: m.harness.name, version: m.harness.version },
    workflow: { name: m.workflow.name, kind: m.workflow.kind },
    sample: unit.submissions.every(isSample),
    role: roleOf(unit.submissions[unit.submissions.length - 1]!),
    suite: unit.suite.manifest.name,
    judge: series.judge,
    n,
    missing,
    gateFailures,
    judgeFailures,
    // Hidden tasks the records do not cover: shown, never averaged in (absent when none).
    ...(notScored > 0 ? { notScored } : {}),
    // Metric rows: unverified tasks are a preview (shown, never ranked); the rest rest on truth.
    ...(unverified > 0 ? { unverified } : {}),
    checkedTruth: series.family === 'metric' ? count : null,
    capped,
    scored: count,
    // No scored task: nothing to average, rank or put an interval on (never a mean of 0).
    mean: count > 0 ? summary.mean : null,
    ci:
      count > 0
        ? bootstrapMeanCi(scored, createRng(options.bootstrapSeed), {
            resamples: options.bootstrapResamples,
          })
        : null,
    p25: summary.p25,
    p50: summary.p50,
    p75: summary.p75,
    atLeast80: summary.atLeast80,
    below50: summary.below50,
    axes: Object.fromEntries(
      AXES.map((a) => [a, count > 0 ? axisSums[a] / count : 0]),
    ) as ConfigurationRow['axes'],
    byField: Object.fromEntries(
      [...byField.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, { n: v.n, mean: v.sum / v.n }]),
    ),
    runs: runStats(series, n),
    distribution: summary.distribution,
    rank: null,
    attempts: unit.attempts,
    costPerArtifact: effort?.costPerArtifact ?? null,
    medianTurns: effort?.medianTurns ?? null,
    ...(unit.suite.sealedTasks && unit.suite.sealedTasks.length > 0
      ? { splits: splitMeans(unit, series, options) }
      : {}),
  };
}

/**
 * The row's public and hidden split means (each over the split's tasks in the mean, like the
 * row's own mean) and the public − hidden gap with an interval from independent resamples of the
 * two splits (a fresh RNG per row, the board's bootstrap seed).
 */
function splitMeans(
  unit: ConfigurationUnit,
  series: JudgeSeries,
  options: ResolvedOptions,
): NonNullable<ConfigurationRow['splits']> {
  const hidden = new Set(unit.suite.sealedTasks);
  const values = { public: [] as number[], hidden: [] as number[] };
  const tasks = { public: 0, hidden: 0 };
  unit.suite.manifest.tasks.forEach((t, i) => {
    const side = hidden.has(t) ? 'hidden' : 'public';
    tasks[side]++;
    if (!excludedStatus(series.status[0]![i])) values[side].push(series.final[0]![i]!);
  });
  const rng = createRng(options.bootstrapSeed);
  const split = (side: 'public' | 'hidden') => {
    const v = values[side];
    return {
      tasks: tasks[side],
      scored: v.length,
      mean: v.length ? summarizeScores(v).mean : null,
      ci: v.length ? bootstrapMeanCi(v, rng, { resamples: options.bootstrapResamples }) : null,
    };
  };
  const pub = split('public');
  const hid = split('hidden');
  return {
    public: pub,
    hidden: hid,
    gap:
      pub.mean === null || hid.mean === null
        ? null
        : {
            mean: pub.mean - hid.mean,
            ci: bootstrapDifferenceCi(values.public, values.hidden, rng, {
              resamples: options.bootstrapResamples,
            }),
          },
  };
}

/**
 * Tasks the judge scored (status `ok`) in every run: the rows of ICC(2,1) and of the per-task SD.
 * ReFigBench computes both over judged artifacts; a missing or gate-failed task is 0 in every
 * run, so counting it would inflate agreement (100 judged tasks at ICC 0.76 read 0.99 with 10
 * such rows added).
 */
export function judgedInEveryRun(series: JudgeSeries, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (series.status.every((st) => st[i] === STATUS.ok)) out.push(i);
  return out;
}

/**
 * Per-run means (missing and gate-failed tasks count 0, as in every mean), the mean of per-task
 * run means, and the mean per-task sample SD across runs over the tasks judged in every run.
 */
export function runStats(series: JudgeSeries, n: number): ConfigurationRow['runs'] {
  const k = series.runs.length;
  const perRun = series.final.map((f) => {
    let s = 0;
    let c = 0;
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(f[i]!)) continue;
      s += f[i]!;
      c++;
    }
    return c > 0 ? s / c : 0;
  });
  const taskMeans = taskRunMeans(series, n);
  let meanSum = 0;
  let meanCount = 0;
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(taskMeans[i]!)) continue;
    meanSum += taskMeans[i]!;
    meanCount++;
  }
  const judged = judgedInEveryRun(series, n);
  let sdSum = 0;
  for (const i of judged) {
    let ss = 0;
    for (const f of series.final) ss += (f[i]! - taskMeans[i]!) ** 2;
    sdSum += Math.sqrt(ss / (k - 1));
  }
  return {
    count: k,
    mean: meanCount > 0 ? meanSum / meanCount : 0,
    perRun,
    taskSd: k >= 2 && judged.length > 0 ? sdSum / judged.length : null,
    judged: judged.length,
  };
}

/** Mean over the valid runs of each task's score; NaN when no run has a valid score. */
export function taskRunMeans(series: JudgeSeries, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    let c = 0;
    for (const f of series.final) {
      if (Number.isNaN(f[i]!)) continue;
      s += f[i]!;
      c++;
    }
    out[i] = c > 0 ? s / c : Number.NaN;
  }
  return out;
}

/** Ranks rows of the same judge and suite by mean (ties broken by id, so ranks are stable). */
export function assignRanks(rows: ConfigurationRow[]): void {
  const groups = new Map<string, ConfigurationRow[]>();
  for (const r of rows) {
    // Entries with more than one attempt per task are shown, never ranked; nor is a row
    // without a scored task (its mean is null), nor a reference line (baseline, upper
    // reference): it is drawn beside the ranking, so no agent is pushed down by one.
    if (r.attempts > 1 || r.mean === null || r.role !== 'entry') {
      r.rank = null;
      continue;
    }
    const key = `${r.judge}\u0000${r.suite}`;
    const g = groups.get(key) ?? [];
    g.push(r);
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    g.sort((a, b) => b.mean! - a.mean! || (a.id < b.id ? -1 : 1));
    g.forEach((r, i) => {
      r.rank = i + 1;
    });
  }
}
