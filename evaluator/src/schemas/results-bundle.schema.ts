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
