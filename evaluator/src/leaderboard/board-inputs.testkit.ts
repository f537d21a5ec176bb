// Test kit: leaderboard inputs built in memory from compact per-task scores, so statistics tests
// can construct a board with exactly the numbers a paper table reports (no files, no judge).
import { DEFAULT_RUBRIC } from '../judge/rubric.ts';
import type { Annotation } from '../schemas/annotation.schema.ts';
import type { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import { judgmentKind, scorersFor } from '../scorers/record-scorers.ts';
import { SCORER_VERSIONS } from '../scorers/scorer-registry.ts';
import type { AxisRecord } from '../stats/axes.ts';
import type { LeaderboardInputs, LoadedSubmission } from './leaderboard-inputs.ts';

/** One task's verdict in one run: subscores (final = their sum), or a status without scores. */
export type TaskVerdict = AxisRecord | 'missing' | 'gate-failed' | 'failed' | number;

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

const ZERO: AxisRecord = { T: 0, S: 0, L: 0, E: 0, V: 0 };

function record(
  submission: string,
  task: string,
  judge: string,
  run: number,
  v: TaskVerdict,
): JudgmentRecord {
  const axes: AxisRecord | null =
    typeof v === 'number' ? { ...ZERO, T: v } : typeof v === 'object' ? v : null;
  const total = axes ? axes.T + axes.S + axes.L + axes.E + axes.V : null;
  const status = axes !== null ? 'ok' : (v as 'missing' | 'gate-failed' | 'failed');
  return {
    task,
    submission,
    judge,
    family: judge === 'metric' ? 'metric' : judge,
    model: `${judge}-model`,
    run,
    status,
    ...(judge === 'metric' ? { reference: 'checked-truth' as const } : {}),
    gate:
      status === 'ok' || status === 'failed'
        ? { passed: true, reason: null }
        : { passed: false, reason: status === 'missing' ? 'missing' : 'multiple-slides' },
    cap: 100,
    subscores: status === 'ok' ? axes : status === 'failed' ? null : { ...ZERO },
    rubric: { ...DEFAULT_RUBRIC },
    total: status === 'failed' ? null : (total ?? 0),
    final: status === 'failed' ? null : status === 'ok' ? total : 0,
    errors: { major: [], minor: [] },
    editability: '',
    reason: '',
    evidence: {},
    usage: null,
    failure: status === 'failed' ? { code: 'invalid-reply', message: 'test' } : null,
    scorers: scorersFor(judgmentKind(judge), SCORER_VERSIONS),
    inputHash: `${submission}/${task}/${judge}/${run}`,
  };
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
  const manifest = SuiteManifest.parse({
    name: suite,
    version: '1.0.0',
    track: 'refig',
    description: 'constructed for a test',
    taskCount: tasks.length,
    tasks: [...tasks],
    licensePolicy: 'synthetic',
    imageStats: null,
  });
  const submissions: LoadedSubmission[] = configs.map((c, k) => ({
    id: c.submission,
    manifest: SubmissionManifest.parse({
      id: c.submission,
      track: 'refig',
      suite: { name: suite, version: '1.0.0' },
      team: `team ${c.submission}`,
      contact: 'test@example.org',
      model: { name: c.model, provider: 'test', snapshot: `${c.model}-snapshot` },
      harness: { name: c.harness, version: '1.0.0' },
      workflow: { name: c.workflow === 'direct' ? 'python-pptx' : 'pptx-skill', kind: c.workflow },
      attempts: c.attempts ?? 1,
      date: `2026-01-${String(1 + (k % 28)).padStart(2, '0')}`,
      license: 'MIT',
    }),
    judgments: Object.entries(c.judgments).flatMap(([judge, runs]) =>
      runs.map((verdicts, r) => ({
        judge,
        run: r + 1,
        records: verdicts.map((v, i) => record(c.submission, tasks[i]!, judge, r + 1, v)),
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
