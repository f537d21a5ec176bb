import type { ResolvedJudge } from '../config/load-config.ts';
import { finalScore, type RubricWeights, totalOf } from '../judge/rubric.ts';
import type { Verdict } from '../judge/verdict.ts';
import type { Gate } from '../schemas/audit-record.schema.ts';
import type { JudgeSettings, JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import type { RecordScorers } from '../scorers/record-scorers.ts';

const ZERO = { T: 0, S: 0, L: 0, E: 0, V: 0 };

/** Who, what and which run a record is about. */
export interface RecordContext {
  task: string;
  submission: string;
  judge: ResolvedJudge;
  run: number;
  rubric: RubricWeights;
  /** Scorer versions the record is made under (`audit` and `metric` or `llm`). */
  scorers: RecordScorers;
  /** The judge settings that decide its verdicts. */
  settings: JudgeSettings;
  /** Metric judge only: what the task is scored against (checked truth, or a preview against the extracted graph). */
  reference?: JudgmentRecord['reference'];
  inputHash: string;
}

/** A judged artifact: s = g · min(Q, c), or a `failed` record with null scores (never a default). */
export function judgedRecord(
  ctx: RecordContext,
  gate: Gate,
  cap: number,
  verdict: Verdict,
): JudgmentRecord {
  const total = verdict.subscores ? totalOf(verdict.subscores) : null;
  return {
    ...head(ctx),
    status: verdict.status,
    gate: { passed: gate.passed, reason: gate.reason },
    cap,
    subscores: verdict.subscores,
    rubric: { ...ctx.rubric },
    total,
    final: total === null ? null : finalScore(gate.passed, total, cap),
    errors: verdict.errors,
    editability: verdict.editability,
    reason: verdict.reason,
    evidence: verdict.evidence,
    usage: verdict.usage,
    failure: verdict.failure,
  };
}

/** g(P) = 0: every score is 0 and no judge is asked. */
export function gateFailedRecord(ctx: RecordContext, gate: Gate, cap: number): JudgmentRecord {
  return {
    ...head(ctx),
    status: 'gate-failed',
    gate: { passed: false, reason: gate.reason },
    cap,
    subscores: { ...ZERO },
    rubric: { ...ctx.rubric },
    total: 0,
    final: 0,
    errors: {
      major: [`gate failed: ${gate.reason ?? 'unknown'}${gate.detail ? ` — ${gate.detail}` : ''}`],
      minor: [],
    },
    editability: '',
    reason: `The artifact failed the gate (${gate.reason ?? 'unknown'}), so it scores 0.`,
    evidence: {},
    usage: null,
    failure: null,
  };
}

/** No artifact for the task: scores 0 and stays in every mean. */
export function missingRecord(ctx: RecordContext): JudgmentRecord {
  return {
    ...head(ctx),
    status: 'missing',
    gate: { passed: false, reason: 'missing' },
    cap: 100,
    subscores: { ...ZERO },
    rubric: { ...ctx.rubric },
    total: 0,
    final: 0,
    errors: { major: ['no output.pptx for this task'], minor: [] },
    editability: '',
    reason: 'The submission has no artifact for this task, so it scores 0.',
    evidence: {},
    usage: null,
    failure: null,
  };
}

function head(ctx: RecordContext) {
  return {
    task: ctx.task,
    submission: ctx.submission,
    judge: ctx.judge.id,
    family: ctx.judge.family,
    model: ctx.judge.model,
    run: ctx.run,
    ...(ctx.reference ? { reference: ctx.reference } : {}),
    scorers: ctx.scorers,
    settings: { ...ctx.settings },
    inputHash: ctx.inputHash,
  };
}
