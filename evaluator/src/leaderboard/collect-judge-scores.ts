import { RESULTS_DIR, runFilePath } from '../results/results-layout.ts';
import type { Problem } from '../errors/problem.ts';
import type { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import { AXES, type Axis } from '../stats/axes.ts';
import type { ConfigurationUnit } from './resolve-configurations.ts';

/** Per-task status codes in a run. */
export const STATUS = {
  ok: 0,
  missing: 1,
  gateFailed: 2,
  failed: 3,
  notScored: 4,
  unverified: 5,
} as const;

/**
 * Statuses left out of every mean (NaN scores): a judge failure, a hidden task the records do
 * not cover (its scoring material is sealed and the run that made them had no key), and a metric
 * verdict without checked truth (an unranked preview against the extracted graph).
 */
export function excludedStatus(st: number | undefined): boolean {
  return st === STATUS.failed || st === STATUS.notScored || st === STATUS.unverified;
}

/** The judge family whose verdicts need checked truth to be ranked. */
const METRIC_FAMILY = 'metric';

/**
 * One judge's scores of one configuration, aligned with the suite's task list. `final` per run:
 * a judge failure is NaN (left out of means), a missing artifact or record and a failed gate are
 * 0 (kept in every mean). Axes, caps and records are kept for the scoring run (the first run).
 */
export interface JudgeSeries {
  judge: string;
  family: string;
  model: string;
  /** Run numbers present, ascending; runs[0] is the scoring run. */
  runs: number[];
  final: Float64Array[];
  status: Uint8Array[];
  /** Subscores of the scoring run (= `runAxes[0]`). */
  axes: Record<Axis, Float64Array>;
  /** Subscores per run, aligned with `runs` (0 for missing and gate failures, NaN for judge failures). */
  runAxes: Record<Axis, Float64Array>[];
  cap: Float64Array;
  /** Scoring-run record per task (undefined when absent). */
  records: (JudgmentRecord | undefined)[];
}

/**
 * Builds every judge's series for a configuration from its submissions' judgment files (newest
 * submission wins per task). Records for tasks outside the suite are reported once per file.
 */
export function collectJudgeScores(unit: ConfigurationUnit, problems: Problem[]): JudgeSeries[] {
  const n = unit.suite.manifest.tasks.length;
  // A hidden task without a record was not scored (no key): NaN, never the 0 of a missing one.
  const sealed = new Set(unit.suite.sealedTasks ?? []);
  const absent = unit.suite.manifest.tasks.map((t) =>
    sealed.has(t) ? STATUS.notScored : STATUS.missing,
  );
  const byJudge = new Map<string, Map<number, { records: JudgmentRecord[]; file: string }[]>>();
  for (const sub of unit.submissions) {
    for (const jr of sub.judgments) {
      const runs = byJudge.get(jr.judge) ?? new Map();
      byJudge.set(jr.judge, runs);
      const list = runs.get(jr.run) ?? [];
      runs.set(jr.run, list);
      list.push({
        records: jr.records,
        file: `submissions/${sub.id}/${RESULTS_DIR}/${runFilePath(jr.judge, jr.run)}`,
      });
    }
  }
  const out: JudgeSeries[] = [];
  for (const judge of [...byJudge.keys()].sort()) {
    const runsMap = byJudge.get(judge)!;
    const runs = [...runsMap.keys()].sort((a, b) => a - b);
    let family = '';
    let model = '';
    const final: Float64Array[] = [];
    const status: Uint8Array[] = [];
    const newAxes = () =>
      Object.fromEntries(AXES.map((a) => [a, new Float64Array(n)])) as Record<Axis, Float64Array>;
    const runAxes: Record<Axis, Float64Array>[] = [];
    const cap = new Float64Array(n).fill(100);
    const records: (JudgmentRecord | undefined)[] = new Array(n).fill(undefined);
    // The metric judge ranks a task only against checked truth: an unverified task is a preview
    // whatever its record says (missing and gate-failed ones included), and so is a verdict made
    // against the extracted graph. Family is read from the records (all of one judge share it).
    const metric = [...runsMap.values()].some((list) =>
      list.some((x) => x.records.some((rec) => rec.family === METRIC_FAMILY)),
    );
    const verified = unit.suite.verified;
    const unverifiedTask = (i: number) => metric && verified !== undefined && verified[i] === false;
    runs.forEach((run, r) => {
      const f = new Float64Array(n); // absent record = missing = 0 (hidden task: not scored, NaN)
      const st = Uint8Array.from(absent);
      for (let i = 0; i < n; i++) if (unverifiedTask(i)) st[i] = STATUS.unverified;
      const ax = newAxes();
      for (let i = 0; i < n; i++)
        if (excludedStatus(st[i])) {
          f[i] = Number.NaN;
          for (const a of AXES) ax[a][i] = Number.NaN;
        }
      for (const { records: recs, file } of runsMap.get(run)!) {
        let outside = 0;
        for (const rec of recs) {
          const i = unit.taskIndex.get(rec.task);
          if (i === undefined) {
            outside++;
            continue;
          }
          if (!family) {
            family = rec.family;
            model = rec.model;
          }
          let value: number;
          let code: number;
          switch (rec.status) {
            case 'ok':
              if (rec.final === null || rec.subscores === null) {
                problems.push({
                  severity: 'error',
                  rule: 'judgment-ok-without-score',
                  file,
                  message: `task ${rec.task}: status ok but final or subscores is null; counted as a judge failure`,
                });
                value = Number.NaN;
                code = STATUS.failed;
              } else {
                value = rec.final;
                code = STATUS.ok;
              }
              break;
            case 'failed':
              value = Number.NaN;
              code = STATUS.failed;
              break;
            case 'gate-failed':
              value = 0;
              code = STATUS.gateFailed;
              break;
            default:
              value = 0;
              code = STATUS.missing;
          }
          if (
            unverifiedTask(i) ||
            (rec.family === METRIC_FAMILY &&
              rec.status === 'ok' &&
              rec.reference !== 'checked-truth')
          ) {
            value = Number.NaN;
            code = STATUS.unverified;
          }
          f[i] = value;
          st[i] = code;
          for (const a of AXES)
            ax[a][i] =
              code === STATUS.ok ? rec.subscores![a] : excludedStatus(code) ? Number.NaN : 0;
          if (r === 0) {
            records[i] = rec;
            cap[i] = rec.cap;
          }
        }
        if (outside > 0) {
          problems.push({
            severity: 'warning',
            rule: 'judgment-unknown-task',
            file,
            message: `${outside} record(s) name tasks that are not in suite "${unit.suite.manifest.name}"; ignored`,
          });
        }
      }
      final.push(f);
      status.push(st);
      runAxes.push(ax);
    });
    out.push({
      judge,
      family,
      model,
      runs,
      final,
      status,
      axes: runAxes[0]!,
      runAxes,
      cap,
      records,
    });
  }
  return out;
}

/**
 * The series as if run `run` were its scoring run (its scores, statuses and subscores; caps and
 * the scoring run's records stay): how per-run statistics reuse the scoring-run code. Undefined
 * when the series has no such run.
 */
export function seriesForRun(series: JudgeSeries, run: number): JudgeSeries | undefined {
  const r = series.runs.indexOf(run);
  if (r < 0) return undefined;
  return {
    ...series,
    runs: [run],
    final: [series.final[r]!],
    status: [series.status[r]!],
    axes: series.runAxes[r]!,
    runAxes: [series.runAxes[r]!],
  };
}
