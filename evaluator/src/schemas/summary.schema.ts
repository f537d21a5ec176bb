import { z } from 'zod';
import { NotScoredTask } from './not-scored.schema.ts';
import { ProblemRecord } from './validation-report.schema.ts';

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

/** Means over a set of style tasks (missing and failed tasks count 0). */
const StyleMeans = z.object({
  tasks: z.number().int(),
  S: z.number(),
  code: z.number(),
  vision: z.number(),
});

/** One LLM vision judge of the style track, over its runs (present only when a judge ran). */
export const StyleVisionJudgeSummary = z.object({
  judge: z.string(),
  family: z.string(),
  model: z.string(),
  runs: z.number().int(),
  /** `stopped`: the endpoint refused the judge itself (401/403/404); nothing more was recorded. */
  status: z.enum(['ran', 'stopped']),
  note: z.string().nullable(),
  /** Over every run's records on disk: ok, failed (judge never replied validly), no candidate. */
  records: z.object({
    ok: z.number().int(),
    failed: z.number().int(),
    noCandidate: z.number().int(),
  }),
  /** Mean S_vision with this judge over the judged records (null when none). */
  vision: z.number().nullable(),
  /** Records made in this call / reused (same inputHash). */
  judged: z.number().int(),
  reused: z.number().int(),
});
export type StyleVisionJudgeSummary = z.infer<typeof StyleVisionJudgeSummary>;

/**
 * `submissions/<id>/results/summary.json` for the style track: the style pipeline's means over
 * `style.jsonl`, plus the LLM vision judges when any ran. Deterministic (no times, sorted lists).
 */
export const StyleSummary = z.object({
  schemaVersion: z.literal(SUMMARY_SCHEMA_VERSION),
  submission: z.string(),
  track: z.literal('style'),
  suite: z.object({ name: z.string(), version: z.string() }),
  tasks: z.object({
    /** Tasks in the suite: the denominator of every mean. */
    total: z.number().int(),
    ok: z.number().int(),
    /** Tasks without `artifacts/<task>/figure.py` (S = 0). */
    missing: z.array(z.string()),
    /** Scripts that failed in the sandbox, or tasks that could not be loaded (S = 0). */
    failed: z.array(z.object({ task: z.string(), code: z.string() })),
    /** Tasks whose sealed criteria could not be opened: not scored, left out of every mean. */
    sealed: z.array(z.string()),
    /** Why each sealed task was not scored (absent = none). */
    notScored: z.array(NotScoredTask).optional(),
  }),
  /** Means over every suite task but the sealed ones, missing and failed ones counting 0. */
  scores: StyleMeans,
  /** The same means per split (hand-curated | augmented). */
  perSplit: z.object({
    'hand-curated': StyleMeans.optional(),
    augmented: StyleMeans.optional(),
  }),
  /** Vision defects found, by kind. */
  defects: z.record(z.string(), z.number().int()),
  resultsFile: z.string(),
  /** Problems with the suite or its tasks (the submission was still scored on the rest). */
  problems: z.array(ProblemRecord),
  llmVision: z.array(StyleVisionJudgeSummary).optional(),
});
export type StyleSummary = z.infer<typeof StyleSummary>;

export const Summary = z.discriminatedUnion('track', [RefigSummary, StyleSummary]);
export type Summary = z.infer<typeof Summary>;
