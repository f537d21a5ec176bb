// Test kit: the one factory of synthetic records for tests, fixtures and benchmark data (issue 25
// item 5). Judgments are made by the production record builders (evaluate/build-judgment-record),
// so a synthetic record has exactly the shape, gate rule and score arithmetic of a real one;
// manifests are parsed by their schemas. record-factory.testkit.test.ts parses every variant.
import { ZERO_COUNTS } from '../audit/count-objects.ts';
import type { ResolvedJudge } from '../config/load-config.ts';
import {
  gateFailedRecord,
  judgedRecord,
  missingRecord,
  type RecordContext,
} from '../evaluate/build-judgment-record.ts';
import { DEFAULT_RUBRIC } from '../judge/rubric.ts';
import type { ArtifactRecord, Counts, GateReason } from '../schemas/audit-record.schema.ts';
import type { EffortRecord } from '../schemas/effort-record.schema.ts';
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

export interface ArtifactSpec {
  task: string;
  submission: string;
  /** No output.pptx for the task (default false). */
  missing?: boolean;
  /** The gate failed for this reason (default: it passed). */
  gateFailed?: { reason: GateReason; detail: string | null };
  /** Counts not given are 0. */
  counts?: Partial<Counts>;
  slides?: number;
  bytes?: number;
  sha256?: string | null;
  largestPictureCoverage?: number;
  pictureAreaRatio?: number;
  cap?: number;
  /** Default `<submission>/<task>`. */
  inputHash?: string;
}

/** An artifact (audit) record of one task: present and audited on a 16:9 slide, or missing. */
export function artifactRecord(spec: ArtifactSpec): ArtifactRecord {
  const coverage = spec.largestPictureCoverage ?? 0;
  return {
    task: spec.task,
    submission: spec.submission,
    status: spec.missing ? 'missing' : 'ok',
    audit: spec.missing
      ? null
      : {
          file: `artifacts/${spec.task}/output.pptx`,
          sha256: spec.sha256 ?? null,
          bytes: spec.bytes ?? 1000,
          gate: spec.gateFailed
            ? { passed: false, ...spec.gateFailed }
            : { passed: true, reason: null, detail: null },
          slides: spec.slides ?? (spec.gateFailed ? 2 : 1),
          slideSize: { cx: 12192000, cy: 6858000 },
          counts: { ...ZERO_COUNTS, ...spec.counts },
          texts: [],
          textItems: [],
          largestPictureCoverage: coverage,
          pictureAreaRatio: spec.pictureAreaRatio ?? coverage,
          cap: spec.cap ?? 100,
          flags: [],
        },
    scorers: scorersFor('artifact', SCORER_VERSIONS),
    inputHash: spec.inputHash ?? `${spec.submission}/${spec.task}`,
  };
}

/** The measured fields of an effort record (every one null for a missing log). */
type EffortFields = Omit<EffortRecord, 'task' | 'submission' | 'format' | 'problems' | 'inputHash'>;

export interface EffortSpec extends Partial<EffortFields> {
  task: string;
  submission: string;
  format: EffortRecord['format'];
  problems?: string[];
  /** Default `<submission>/<task>`. */
  inputHash?: string;
}

/**
 * An effort record. A `missing` log has every measure null and names the missing file; otherwise
 * measures not given are null, and `totalTokens` defaults to the sum of the token counts given.
 */
export function effortRecord(spec: EffortSpec): EffortRecord {
  const missing = spec.format === 'missing';
  const tokens = [spec.inputTokens, spec.cacheWriteTokens, spec.cacheReadTokens, spec.outputTokens];
  const pick = <K extends keyof EffortFields>(k: K, fallback: EffortFields[K]) =>
    missing ? fallback : (spec[k] ?? fallback);
  return {
    task: spec.task,
    submission: spec.submission,
    format: spec.format,
    turns: pick('turns', null),
    toolCalls: pick('toolCalls', null),
    inputTokens: pick('inputTokens', null),
    cacheWriteTokens: pick('cacheWriteTokens', null),
    cacheReadTokens: pick('cacheReadTokens', null),
    outputTokens: pick('outputTokens', null),
    totalTokens: missing
      ? null
      : (spec.totalTokens ??
        (tokens.some((t) => t != null) ? tokens.reduce<number>((a, t) => a + (t ?? 0), 0) : null)),
    durationMs: pick('durationMs', null),
    costUsd: pick('costUsd', null),
    costEstimated: missing ? false : (spec.costEstimated ?? false),
    problems: spec.problems ?? (missing ? ['no output.jsonl'] : []),
    inputHash: spec.inputHash ?? `${spec.submission}/${spec.task}`,
  };
}
