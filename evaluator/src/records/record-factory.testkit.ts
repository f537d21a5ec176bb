// Test kit: the one factory of synthetic records for tests, fixtures and benchmark data (issue 25
// item 5). Judgments are made by the production record builders (evaluate/build-judgment-record),
// so a synthetic record has exactly the shape, gate rule and score arithmetic of a real one;
// manifests are parsed by their schemas. record-factory.testkit.test.ts parses every variant.
import type { ResolvedJudge } from '../config/load-config.ts';
import {
  gateFailedRecord,
  judgedRecord,
  missingRecord,
  type RecordContext,
} from '../evaluate/build-judgment-record.ts';
import { DEFAULT_RUBRIC } from '../judge/rubric.ts';
import type { GateReason } from '../schemas/audit-record.schema.ts';
import type { JudgeSettings, JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import { judgmentKind, scorersFor } from '../scorers/record-scorers.ts';
import { SCORER_VERSIONS } from '../scorers/scorer-registry.ts';
import type { AxisRecord } from '../stats/axes.ts';

const ZERO: AxisRecord = { T: 0, S: 0, L: 0, E: 0, V: 0 };

/**
 * One task's verdict: subscores (total = their sum, final = min(total, cap)), a number (the final
 * score itself, exact, every point on T — a shortcut for board tests, schema-valid only within
 * the rubric's T maximum), or a status without scores.
 */
export type TestVerdict = AxisRecord | number | 'missing' | 'gate-failed' | 'failed';

/** A judge by id (family = id, or `metric`; model `<id>-model`) or spelt out. */
export type TestJudge = string | { id: string; family: string; model: string };

export interface JudgmentSpec {
  task: string;
  submission: string;
  judge: TestJudge;
  /** 1-based run (default 1). */
  run?: number;
  verdict: TestVerdict;
  /** Flattening cap c(P) of a judged record (default 100). */
  cap?: number;
  /** Why the gate failed (`gate-failed` only; default `multiple-slides`). */
  gateReason?: GateReason;
  /** Why the judge failed (`failed` only). */
  failure?: { code: string; message: string };
  /** Metric judge: what the task is scored against (default `checked-truth`). */
  reference?: JudgmentRecord['reference'];
  settings?: JudgeSettings;
  /** Default `<submission>/<task>/<judge>/<run>`. */
  inputHash?: string;
}

function resolveJudge(judge: TestJudge): { id: string; family: string; model: string } {
  if (typeof judge !== 'string') return judge;
  return { id: judge, family: judge === 'metric' ? 'metric' : judge, model: `${judge}-model` };
}

/** A judgment record, made the way the evaluator makes one (`judgedRecord` and friends). */
export function judgmentRecord(spec: JudgmentSpec): JudgmentRecord {
  const judge = resolveJudge(spec.judge);
  const run = spec.run ?? 1;
  const ctx: RecordContext = {
    task: spec.task,
    submission: spec.submission,
    // the builders read only the judge's id, family and model
    judge: judge as ResolvedJudge,
    run,
    rubric: { ...DEFAULT_RUBRIC },
    scorers: scorersFor(judgmentKind(judge.id), SCORER_VERSIONS),
    settings: spec.settings ?? {},
    ...(judge.family === 'metric' ? { reference: spec.reference ?? 'checked-truth' } : {}),
    inputHash: spec.inputHash ?? `${spec.submission}/${spec.task}/${judge.id}/${run}`,
  };
  const made = build(ctx, spec);
  // Boards built in memory from older test records carried no settings; they stay optional here.
  if (spec.settings === undefined) delete made.settings;
  return made;
}

function build(ctx: RecordContext, spec: JudgmentSpec): JudgmentRecord {
  const v = spec.verdict;
  if (v === 'missing') return missingRecord(ctx);
  if (v === 'gate-failed')
    return gateFailedRecord(
      ctx,
      { passed: false, reason: spec.gateReason ?? 'multiple-slides', detail: null },
      spec.cap ?? 100,
    );
  const pass = { passed: true, reason: null, detail: null };
  const common = { errors: { major: [], minor: [] }, editability: '', reason: '', evidence: {} };
  if (v === 'failed')
    return judgedRecord(ctx, pass, spec.cap ?? 100, {
      ...common,
      status: 'failed',
      subscores: null,
      usage: null,
      failure: spec.failure ?? { code: 'invalid-reply', message: 'test' },
    });
  const judged = judgedRecord(ctx, pass, spec.cap ?? 100, {
    ...common,
    status: 'ok',
    subscores: typeof v === 'number' ? { ...ZERO, T: v } : { ...v },
    usage: null,
    failure: null,
  });
  // A number is the board's value itself: kept exact (no rounding, no cap), so a statistics test
  // reproduces a paper's table from the very scores it reports.
  return typeof v === 'number' ? { ...judged, total: v, final: v } : judged;
}

export interface SubmissionSpec {
  id: string;
  suite?: { name: string; version: string };
  model?: string;
  harness?: string;
  workflow?: 'direct' | 'specialized' | 'other';
  attempts?: number;
  date?: string;
  /** Any other manifest fields (they win). */
  extra?: Record<string, unknown>;
}

/** A refig submission manifest, parsed by its schema. */
export function submissionManifest(spec: SubmissionSpec): SubmissionManifest {
  const model = spec.model ?? 'test-model';
  const workflow = spec.workflow ?? 'direct';
  return SubmissionManifest.parse({
    id: spec.id,
    track: 'refig',
    suite: spec.suite ?? { name: 'paper-suite', version: '1.0.0' },
    team: `team ${spec.id}`,
    contact: 'test@example.org',
    model: { name: model, provider: 'test', snapshot: `${model}-snapshot` },
    harness: { name: spec.harness ?? 'test-harness', version: '1.0.0' },
    workflow: { name: workflow === 'direct' ? 'python-pptx' : 'pptx-skill', kind: workflow },
    attempts: spec.attempts ?? 1,
    date: spec.date ?? '2026-01-01',
    license: 'MIT',
    ...spec.extra,
  });
}

/** A refig suite manifest of the given tasks, parsed by its schema. */
export function suiteManifest(
  name: string,
  tasks: readonly string[],
  extra: Record<string, unknown> = {},
): SuiteManifest {
  return SuiteManifest.parse({
    name,
    version: '1.0.0',
    track: 'refig',
    description: 'constructed for a test',
    taskCount: tasks.length,
    tasks: [...tasks],
    licensePolicy: 'synthetic',
    imageStats: null,
    ...extra,
  });
}
