// Test kit: leaderboard inputs built in memory from compact per-task scores, so statistics tests
// can construct a board with exactly the numbers a paper table reports (no files, no judge).
// Records and manifests come from the one record factory (records/record-factory.testkit.ts).
import {
  judgmentRecord,
  submissionManifest,
  suiteManifest,
  type TestVerdict,
} from '../records/record-factory.testkit.ts';
import type { Annotation } from '../schemas/annotation.schema.ts';
import type { LeaderboardInputs, LoadedSubmission } from './leaderboard-inputs.ts';

/** One task's verdict in one run (the record factory's verdict). */
export type TaskVerdict = TestVerdict;

/** One configuration: its manifest names and, per judge and run, one verdict per suite task. */
export interface ConfigSpec {
  submission: string;
  model: string;
  harness: string;
  workflow: 'direct' | 'specialized' | 'other';
  /** judge id → runs → per-task verdicts (a number is a final score with no subscores: all on T). */
  judgments: Record<string, TaskVerdict[][]>;
  attempts?: number;
}

/**
 * Leaderboard inputs for one refig suite of `tasks` and the given configurations (one
 * submission each, dated in order), plus annotations.
 */
export function boardInputs(
  tasks: readonly string[],
  configs: readonly ConfigSpec[],
  annotations: readonly Annotation[] = [],
  suite = 'paper-suite',
): LeaderboardInputs {
  const manifest = suiteManifest(suite, tasks);
  const submissions: LoadedSubmission[] = configs.map((c, k) => ({
    id: c.submission,
    manifest: submissionManifest({
      id: c.submission,
      suite: { name: suite, version: '1.0.0' },
      model: c.model,
      harness: c.harness,
      workflow: c.workflow,
      ...(c.attempts !== undefined ? { attempts: c.attempts } : {}),
      date: `2026-01-${String(1 + (k % 28)).padStart(2, '0')}`,
    }),
    judgments: Object.entries(c.judgments).flatMap(([judge, runs]) =>
      runs.map((verdicts, r) => ({
        judge,
        run: r + 1,
        records: verdicts.map((verdict, i) =>
          judgmentRecord({ task: tasks[i]!, submission: c.submission, judge, run: r + 1, verdict }),
        ),
      })),
    ),
    artifacts: [],
    effort: [],
    style: [],
  }));
  return {
    submissions,
    suites: [{ manifest, fields: tasks.map(() => null), splits: tasks.map(() => null) }],
    annotations: annotations.map((annotation, i) => ({
      annotation,
      file: 'annotations/test.jsonl',
      line: i + 1,
    })),
    files: [],
    problems: [],
  };
}

/**
 * `n` numbers with exactly the given mean, spread around it deterministically (a zero-sum
 * zig-zag of half-width `spread`), so a constructed configuration's mean is exact.
 */
export function withMean(n: number, mean: number, spread: number, phase = 0): number[] {
  const raw = Array.from({ length: n }, (_, i) => Math.sin(1.7 * i + phase) * spread);
  const shift = raw.reduce((s, x) => s + x, 0) / n;
  return raw.map((x) => mean + x - shift);
}
