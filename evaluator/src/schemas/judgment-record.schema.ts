import { z } from 'zod';
import { GateReason } from './audit-record.schema.ts';
import { DEFAULT_RUBRIC } from '../judge/rubric.ts';
import { AXES } from '../stats/axes.ts';
import { RecordScorers, Subscores } from './common.schema.ts';
import { Points100 } from './points.schema.ts';

/** A judge's settings as recorded with each verdict: flat, scalar values (null = not set). */
export const JudgeSettings = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .describe('Judge settings that decided a verdict: flat, scalar values (null = not set).');
export type JudgeSettings = z.infer<typeof JudgeSettings>;

export const Usage = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** Cost in USD from the judge's price table; null when no price is configured. */
  costUsd: z.number().nullable(),
  /** Attempts made (1 = first reply accepted). */
  attempts: z.number().int(),
  /**
   * The model that answered, as the endpoint names it (OpenAI resolves an alias to its dated
   * snapshot); null when the endpoint did not say.
   */
  model: z
    .string()
    .nullable()
    .optional()
    .describe(
      'The model that answered, as the endpoint names it (OpenAI resolves an alias to its dated snapshot); null when the endpoint did not say.',
    ),
});
export type Usage = z.infer<typeof Usage>;

/**
 * One line of `results/judgments/<judge-id>/run-<k>.jsonl`: one judge's verdict on one task's
 * artifact in one run. Written only by the evaluate pipeline (`evaluator/src/evaluate/`); the
 * file is sorted by task at the end of a run, one record per task.
 *
 * status: `ok` = judged; `gate-failed` = g(P) = 0 so every score is 0 without calling the judge;
 * `missing` = the submission has no artifact for the task (score 0, stays in every mean);
 * `failed` = the judge never produced a valid reply after retries (scores null, excluded from
 * means and counted separately — never a silent default).
 */
export const JudgmentRecord = z
  .object({
    task: z.string(),
    submission: z.string(),
    judge: z.string(),
    family: z.string(),
    model: z.string(),
    run: z.number().int().min(1),
    status: z.enum(['ok', 'gate-failed', 'missing', 'failed']),
    /**
     * What the metric judge scored against: `checked-truth` (truth.json, or truth sealed for a
     * hidden task) — a ranked score — or `extracted-graph` (the graph the extractor recovers from
     * the raster, for a task without checked truth or with `--no-truth`) — an unranked preview the
     * board never averages, ranks or compares. Absent for LLM judges, which look at both images.
     */
    reference: z.enum(['checked-truth', 'extracted-graph']).optional(),
    gate: z.object({ passed: z.boolean(), reason: GateReason.nullable() }),
    /**
     * The cap applied: the lower of ReFigBench's flattening cap c(P) and FigBoard's raster-underlay
     * cap (each recorded on its own in the artifact's audit).
     */
    cap: Points100,
    subscores: Subscores.nullable(),
    /**
     * Maximum points of each axis the subscores were given under (the rubric weights; default
     * `DEFAULT_RUBRIC` of judge/rubric.ts). Rescoring under other weights normalises each axis by these.
     */
    rubric: Subscores.optional(),
    /** Q = T + S + L + E + V. */
    total: Points100.nullable(),
    /** s = g · min(Q, c). */
    final: Points100.nullable(),
    errors: z.object({ major: z.array(z.string()), minor: z.array(z.string()) }),
    editability: z.string(),
    reason: z.string(),
    /**
     * Per-axis evidence (metric judge: `T`/`S`/`L`/`E`/`V` with matched, missing and extra items)
     * or the structured reply and attempt log (LLM judge: `reply`, `attempts`).
     */
    evidence: z.record(z.string(), z.unknown()),
    usage: Usage.nullable(),
    /** Why a `failed` record has no scores (last problem after all attempts); null otherwise. */
    failure: z.object({ code: z.string(), message: z.string() }).nullable(),
    /** Scorer versions that decided the record: `audit` and `metric` or `llm`. */
    scorers: RecordScorers.optional(),
    /**
     * The judge settings that decided the verdict (part of the input hash): for an LLM judge the
     * model requested, the server kind, reasoning effort, thinking switch, temperature and output
     * limit (null = not sent); for the metric judge whether truth.json was ignored and the OCR
     * settings.
     */
    settings: JudgeSettings.optional(),
    /**
     * Content hash of everything that decides this record (deck and source hashes, truth, judge
     * settings, rubric, render dpi, scorer versions; never a time). Same hash → not judged again.
     */
    inputHash: z.string(),
  })
  .superRefine((r, ctx) => {
    // Each subscore lies within its axis's maximum (the record's rubric, else the default): a
    // line with S 150 or T −20 would otherwise load and enter every mean.
    if (!r.subscores) return;
    const max = r.rubric ?? DEFAULT_RUBRIC;
    for (const a of AXES) {
      const v = r.subscores[a];
      if (v < 0 || v > max[a] + 1e-6)
        ctx.addIssue({
          code: 'custom',
          path: ['subscores', a],
          message: `${a} must lie in [0, ${max[a]}] (the rubric's maximum for ${a}), got ${v}`,
        });
    }
  });
export type JudgmentRecord = z.infer<typeof JudgmentRecord>;
