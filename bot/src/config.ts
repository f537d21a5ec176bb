import { z } from 'zod';

/**
 * The bot's settings. Adapters read them from the environment (`FIGBOARD_*`), tests pass them
 * directly; every field has a default that matches the workflows in `.github/workflows/`.
 */
export const BotConfig = z
  .object({
    /** Hidden HTML comment that marks the bot's one sticky comment on a pull request. */
    marker: z.string().default('<!-- figboard:submission-report -->'),
    /** `name:` of the trusted judging workflow whose completion carries the scorecard. */
    judgeWorkflowName: z.string().default('FigBoard trusted judge'),
    /** File name of that workflow, for `workflow_dispatch` by `/rejudge` and `/approve-judging`. */
    judgeWorkflowFile: z.string().default('trusted-judge.yml'),
    /** Artifact the trusted workflow uploads (see `ResultsBundle`). */
    scorecardArtifact: z.string().default('figboard-scorecard'),
    /** Label that allows the LLM judges to run on a pull request. */
    approvalLabel: z.string().default('figboard:judging-approved'),
    /** Names of the check runs the bot creates. */
    validationCheckName: z.string().default('FigBoard validation'),
    scorecardCheckName: z.string().default('FigBoard scorecard'),
    /**
     * Branch the renderings of each scored entry's best and worst tasks are committed to, so the
     * comment can show them (`pr-<n>/<head sha>/<submission>/<task>.png`); empty = do not publish.
     */
    previewsBranch: z
      .string()
      .regex(/^$|^[A-Za-z0-9._/-]+$/)
      .default('figboard-previews'),
    /** GitHub allows 65,536 characters per comment; stay well below. */
    maxCommentChars: z.number().int().min(2000).max(65_000).default(60_000),
    /** Bounds for downloading a submission through the API for validation. */
    maxSubmissionFiles: z.number().int().positive().default(5_000),
    maxSubmissionBytes: z
      .number()
      .int()
      .positive()
      .default(512 * 1024 * 1024),
    /** Bounds for unpacking the scorecard artifact (it is produced by CI, but read as untrusted data). */
    maxArtifactBytes: z
      .number()
      .int()
      .positive()
      .default(256 * 1024 * 1024),
    /** Repository permissions allowed to run maintainer commands. */
    commandPermissions: z
      .array(z.enum(['admin', 'maintain', 'write']))
      .default(['admin', 'maintain', 'write']),
  })
  .strict();
export type BotConfig = z.infer<typeof BotConfig>;

/** Reads `FIGBOARD_*` overrides from an environment object (adapters only). */
export function configFromEnv(env: Record<string, string | undefined>): BotConfig {
  const pick = (k: string) => (env[k] === undefined || env[k] === '' ? undefined : env[k]);
  return BotConfig.parse({
    judgeWorkflowName: pick('FIGBOARD_JUDGE_WORKFLOW_NAME'),
    judgeWorkflowFile: pick('FIGBOARD_JUDGE_WORKFLOW_FILE'),
    scorecardArtifact: pick('FIGBOARD_SCORECARD_ARTIFACT'),
    approvalLabel: pick('FIGBOARD_APPROVAL_LABEL'),
    previewsBranch: env.FIGBOARD_PREVIEWS_BRANCH,
  });
}
