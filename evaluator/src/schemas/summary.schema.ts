import { z } from 'zod';
import { NotScoredTask } from './not-scored.schema.ts';

/** Bump when a consumer (bot, site, action) would misread `results/summary.json`. */
export const SUMMARY_SCHEMA_VERSION = 1;

const AxisMeans = z.object({
  T: z.number().nullable(),
  S: z.number().nullable(),
  L: z.number().nullable(),
  E: z.number().nullable(),
  V: z.number().nullable(),
});

/** One run of one judge over the suite. Means count missing and gate-failed tasks as 0 and leave failed judgments out. */
export const JudgeRunSummary = z.object({
  run: z.number().int().min(1),
  /** Records in the run file (one per suite task when complete). */
  records: z.number().int(),
  ok: z.number().int(),
  gateFailed: z.number().int(),
  missing: z.number().int(),
  /** Judge never produced a valid reply: excluded from the mean, listed in `failedTasks`. */
  failed: z.number().int(),
  failedTasks: z.array(z.string()),
  /** Mean final score s over scored tasks (null when none). */
  mean: z.number().nullable(),
  /** Mean axis points over scored tasks. */
  axes: AxisMeans,
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costUsd: z.number().nullable(),
});
export type JudgeRunSummary = z.infer<typeof JudgeRunSummary>;

export const JudgeSummary = z.object({
  id: z.string(),
  family: z.string(),
  model: z.string(),
  primary: z.boolean(),
  /** `ran`; `skipped` (e.g. API key unset); `stopped` (judge-wide failure such as a rejected key). */
  status: z.enum(['ran', 'skipped', 'stopped']),
  note: z.string().nullable(),
  runs: z.array(JudgeRunSummary),
  /** Mean over runs of the run means (null when no run scored anything). */
  mean: z.number().nullable(),
});
export type JudgeSummary = z.infer<typeof JudgeSummary>;

/**
 * `submissions/<id>/results/summary.json` for the refig track: what `refig evaluate` found, per
 * judge and run. Deterministic (no times, sorted lists), so a resumed run writes the same bytes.
 */
export const RefigSummary = z.object({
  schemaVersion: z.literal(SUMMARY_SCHEMA_VERSION),
  submission: z.string(),
  track: z.literal('refig'),
  suite: z.object({ name: z.string(), version: z.string() }),
  tasks: z.object({
    /** Tasks in the suite: the denominator of every mean. */
    total: z.number().int(),
    /** Tasks with an `output.pptx`. */
    present: z.number().int(),
    /** Tasks without an artifact (score 0). */
    missing: z.array(z.string()),
    gatePassed: z.number().int(),
    /** Gate failures by reason code. */
    gateFailures: z.record(z.string(), z.number().int()),
    gateFailed: z.array(
      z.object({ task: z.string(), reason: z.string().nullable(), detail: z.string().nullable() }),
    ),
    /** Artifacts whose flattening cap is below 100. */
    capped: z.number().int(),
    /** Artifacts with audit flags, by flag code. */
    flags: z.record(z.string(), z.number().int()),
    /**
     * Hidden tasks this run could not score, and why (their truth is sealed and the suite key was
     * absent or wrong, or the bundle damaged): not in `total`, never counted as 0. Absent = none.
     */
    notScored: z.array(NotScoredTask).optional(),
  }),
  judges: z.array(JudgeSummary),
  /** Judge the leaderboard reports (configured primary when it ran, else `metric`). */
  primaryJudge: z.string(),
  /** Agent-log effort parsed into `effort.jsonl`: records by log format; null when not parsed. */
  effort: z
    .object({ records: z.number().int(), formats: z.record(z.string(), z.number().int()) })
    .nullable(),
  render: z.object({ dpi: z.number().int() }),
});
export type RefigSummary = z.infer<typeof RefigSummary>;

/** For the style track the style pipeline's own summary is stored as-is under this envelope. */
export const StyleSummary = z
  .object({
    schemaVersion: z.literal(SUMMARY_SCHEMA_VERSION),
    submission: z.string(),
    track: z.literal('style'),
  })
  .passthrough();
export type StyleSummary = z.infer<typeof StyleSummary>;

export const Summary = z.discriminatedUnion('track', [RefigSummary, StyleSummary]);
export type Summary = z.infer<typeof Summary>;
