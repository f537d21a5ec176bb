import { z } from 'zod';

const list = (s: string) =>
  s
    .split(/[\n,]/)
    .map((x) => x.trim())
    .filter(Boolean);
const bool = z
  .string()
  .trim()
  .transform((s, ctx) => {
    if (s === '' || s === 'false') return false;
    if (s === 'true') return true;
    ctx.addIssue({
      code: 'custom',
      message: `expected "true" or "false", got ${JSON.stringify(s)}`,
    });
    return z.NEVER;
  });
const int = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      if (s === '') return fallback;
      const n = Number(s);
      if (!/^\d+$/.test(s) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `expected an integer ${min}…${max}, got ${JSON.stringify(s)}`,
        });
        return z.NEVER;
      }
      return n;
    });

/**
 * The Action's inputs (`action.yml`), as the runner passes them: every value is a string
 * (`INPUT_<NAME>`), parsed and checked here. Field docs are the input descriptions.
 */
export const ActionInput = z
  .object({
    /** `evaluate` (validate → shard → evaluate → summarise), `merge` (combine shard outputs) or `bundle` (results bundle for the bot). */
    mode: z.enum(['evaluate', 'merge', 'bundle']),
    /** Submission folders, one per line or comma-separated; `auto` = those the changed-files list touches. */
    submissions: z.string().transform(list),
    /** File listing the paths the pull request changes (one per line); empty = not a pull request. */
    changedFiles: z.string().trim(),
    /** Suite folder; empty = `suites/<suite.name>` of the repository. */
    suite: z.string().trim(),
    /** Judge ids, comma-separated (`metric`, or ids from figboard.yml); `all` = every runnable judge. */
    judges: z.string().transform((s) => {
      const ids = list(s);
      return ids.length === 1 && ids[0] === 'all' ? [] : ids;
    }),
    /** This job's shard, 0-based. */
    shardIndex: int(0, 999, 0),
    /** Number of shards the suite is split into. */
    shardCount: int(1, 1000, 1),
    /** Where results go: `<output-dir>/<id>/results/`, `<output-dir>/validation/<id>.json`. */
    outputDir: z.string().trim().min(1),
    /** Parallel renders and metric judgments. */
    workers: int(1, 64, 2),
    /** Judging configuration; empty = figboard.yml of the repository. */
    config: z.string().trim(),
    /** `merge`: folders holding shard outputs (one per line; a trailing `/*` lists a folder's children). */
    shardDirs: z.string().transform(list),
    /** `bundle`: pull request number and head commit the results are for. */
    prNumber: int(0, 1e9, 0),
    headSha: z
      .string()
      .trim()
      .regex(/^([0-9a-f]{40})?$/, 'a 40-digit commit SHA'),
    /** `bundle`: output-dir of the pull request's own (untrusted) run, compared with the trusted results. */
    untrustedDir: z.string().trim(),
    /** `bundle`: true when the LLM judges ran. */
    llmJudged: bool,
    /** `bundle`: link to the workflow run. */
    runUrl: z.string().trim(),
    /** Fail the step when a submission is invalid (annotations are written either way). */
    failOnInvalid: bool,
    /** GitHub account id of the pull request's author (from the event); empty = not checked. */
    authorId: z
      .string()
      .trim()
      .regex(/^(\d{1,15})?$/, 'a numeric GitHub account id')
      .transform((s) => (s === '' ? null : Number(s))),
    /** Their GitHub login, for messages. */
    authorLogin: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9][A-Za-z0-9-]{0,38})?$/, 'a GitHub login'),
    /** The author has write access (OWNER, MEMBER or COLLABORATOR). */
    authorMaintainer: bool,
    /** Ownership record to check against; empty = submissions/OWNERSHIP.json of the workspace. */
    ownership: z.string().trim(),
  })
  .strict();
export type ActionInput = z.infer<typeof ActionInput>;

/** action.yml input names, keyed by schema field: a `Record<keyof …>` so no input is forgotten. */
export const INPUT_NAMES: Record<keyof ActionInput, string> = {
  mode: 'mode',
  submissions: 'submissions',
  changedFiles: 'changed-files',
  suite: 'suite',
  judges: 'judges',
  shardIndex: 'shard-index',
  shardCount: 'shard-count',
  outputDir: 'output-dir',
  workers: 'workers',
  config: 'config',
  shardDirs: 'shard-dirs',
  prNumber: 'pr-number',
  headSha: 'head-sha',
  untrustedDir: 'untrusted-dir',
  llmJudged: 'llm-judged',
  runUrl: 'run-url',
  failOnInvalid: 'fail-on-invalid',
  authorId: 'author-id',
  authorLogin: 'author-login',
  authorMaintainer: 'author-maintainer',
  ownership: 'ownership',
};

/** Outputs the Action sets (`action.yml` outputs). */
export const OUTPUT_NAMES = {
  resultsPath: 'results-path',
  summaryJson: 'summary-json',
  valid: 'valid',
} as const;
