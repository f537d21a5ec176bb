import { z } from 'zod';
import { Id } from './common.schema.ts';

/**
 * `bundle.json` at the root of the results bundle the trusted judging workflow uploads as the
 * `figboard-scorecard` artifact (written by the Action's `mode: bundle`, read by the bot). It says
 * which pull request and commit the results are for; the other files are found by convention:
 *
 *   validation/<id>.json                         ValidationReport per submission
 *   submissions/<id>/results/artifacts.jsonl     gate + audit per task
 *   submissions/<id>/results/judgments/<judge>/run-<k>.jsonl
 *   leaderboard.json                             the board rebuilt WITH the entry (provisional)
 *   leaderboard.main.json                        the current board, without it
 *   insights.json                                likeness to existing entries, previews, judging cost
 *   previews/<id>/<task>.png                     renderings of the entry's best and worst tasks
 */
export const ResultsBundleManifest = z
  .object({
    schemaVersion: z.literal(1),
    pr: z
      .object({ number: z.number().int().positive(), headSha: z.string().regex(/^[0-9a-f]{40}$/) })
      .strict(),
    submissions: z.array(Id).max(20),
    /** True when the LLM judges ran (approved); false = metric judge only. */
    llmJudged: z.boolean(),
    /** Link to the workflow run that produced the bundle. */
    runUrl: z.string().url().nullable(),
    /**
     * What the trusted run noticed while re-deriving, e.g. that the pull request's own
     * (untrusted) run reported different scores. Shown in the comment; never trusted input.
     */
    notes: z.array(z.string().max(500)).max(50).default([]),
  })
  .strict();
export type ResultsBundleManifest = z.infer<typeof ResultsBundleManifest>;

/**
 * `insights.json` in the results bundle: what a maintainer needs to decide on an entry beyond its
 * scores, computed by the trusted run with the whole repository at hand. Per entry: how alike it
 * is to each entry already on its suite (identical decks, near-identical decks, renderings), the
 * renderings of its best and worst tasks (PNG files in the bundle, under `previews/`), what
 * judging it with each configured LLM judge would cost, and which tasks crashed or never ran.
 */
export const BundleInsights = z
  .object({
    schemaVersion: z.literal(1),
    entries: z
      .array(
        z
          .object({
            submission: Id,
            suite: z.string().max(200),
            /** Existing entries of the suite, most alike first. */
            similar: z
              .array(
                z
                  .object({
                    submission: Id,
                    configuration: z.string().max(500),
                    team: z.string().max(500),
                    commonTasks: z.number().int().nonnegative(),
                    identicalDecks: z.number().int().nonnegative(),
                    nearDecks: z.number().int().nonnegative(),
                    layoutSimilarity: z.number().min(0).max(1).nullable(),
                    renderCompared: z.number().int().nonnegative(),
                    nearRenders: z.number().int().nonnegative(),
                    verdict: z.enum(['identical', 'near-duplicate']).nullable(),
                  })
                  .strict(),
              )
              .max(1000),
            /** Best and worst tasks by the primary judge's final score, with their rendering. */
            previews: z
              .array(
                z
                  .object({
                    task: Id,
                    kind: z.enum(['best', 'worst']),
                    final: z.number(),
                    /** `previews/<submission>/<task>.png` in the bundle; null without a rendering. */
                    file: z
                      .string()
                      .regex(/^previews\/[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+\.png$/)
                      .nullable(),
                  })
                  .strict(),
              )
              .max(20),
            /** Estimated cost of judging the entry with each configured LLM judge. */
            estimate: z
              .array(
                z
                  .object({
                    judge: z.string().max(200),
                    model: z.string().max(200),
                    tasks: z.number().int().nonnegative(),
                    runs: z.number().int().positive(),
                    inputTokensPerJudgment: z.number().int().nonnegative(),
                    outputTokensPerJudgment: z.number().int().nonnegative(),
                    basis: z.enum(['history', 'prompt']),
                    costUsd: z.number().nonnegative().nullable(),
                  })
                  .strict(),
              )
              .max(50),
            /**
             * Suite tasks the entry did not answer: `crashed` (the task folder holds an error.log
             * and no output; its first line, at most 200 characters) or `never-run` (no task
             * folder). Absent in older bundles.
             */
            unanswered: z
              .array(
                z
                  .object({
                    task: z.string().max(200),
                    kind: z.enum(['crashed', 'never-run']),
                    firstLine: z.string().max(400).nullable(),
                  })
                  .strict(),
              )
              .max(10_000)
              .optional(),
          })
          .strict(),
      )
      .max(20),
  })
  .strict();
export type BundleInsights = z.infer<typeof BundleInsights>;
