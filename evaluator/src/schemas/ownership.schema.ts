import { z } from 'zod';
import { Id } from './common.schema.ts';

/** Where the ownership record lives, relative to the repository root. */
export const OWNERSHIP_FILE = 'submissions/OWNERSHIP.json';

/** Largest ownership file read (a few hundred bytes per submission). */
export const OWNERSHIP_MAX_BYTES = 4 * 1024 * 1024;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** A GitHub account: the numeric id decides (logins can be renamed); the login is for display. */
export const GithubAccount = z
  .object({
    id: z.number().int().positive().describe('GitHub account id (never changes).'),
    login: z
      .string()
      .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'a GitHub login')
      .describe('GitHub login when recorded (display only; the id decides).'),
  })
  .strict();
export type GithubAccount = z.infer<typeof GithubAccount>;

/** An owner: a GitHub account, or `maintainers` (only maintainers may change the folder). */
export const SubmissionOwner = z.union([GithubAccount, z.literal('maintainers')]);
export type SubmissionOwner = z.infer<typeof SubmissionOwner>;

/**
 * The maintainers' mark that they re-ran a submission and reproduced its results. Only a
 * maintainer can write it (the file is outside every submitter's folder, and a pull request that
 * changes it is refused); it holds for the merge it names: a later merge that changes the folder
 * (new results) leaves the mark in the file but no longer shows it on the board.
 */
export const Verification = z
  .object({
    date: IsoDate.describe('When the maintainers reproduced the results (UTC).'),
    by: z
      .string()
      .regex(
        /^(?:maintainers|[A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))$/,
        'a GitHub login or "maintainers"',
      )
      .describe("Who reproduced them: a maintainer's GitHub login, or `maintainers`."),
    merge: z
      .number()
      .int()
      .positive()
      .describe('The merge (its `merge` number) whose results were reproduced.'),
  })
  .strict();
export type Verification = z.infer<typeof Verification>;

/** One submission folder's ownership, written by the publish workflow when a merge touches it. */
export const OwnershipEntry = z
  .object({
    owners: z
      .array(SubmissionOwner)
      .min(1)
      .max(20)
      .describe('Who may change the folder: the author of the pull request that first merged it.'),
    firstMergedAt: IsoDate.describe('Date of the first merge that added the folder (UTC).'),
    firstMerge: z
      .number()
      .int()
      .positive()
      .describe(
        'Sequence number of that merge in this record (orders merges of the same day: the first owner of a configuration name keeps it).',
      ),
    mergedAt: IsoDate.describe(
      'Date of the latest merge that changed the folder (UTC): the submission date the board orders by.',
    ),
    merge: z
      .number()
      .int()
      .positive()
      .describe("Sequence number of the latest merge (orders one owner's runs of the same day)."),
    commit: z
      .string()
      .regex(/^[0-9a-f]{40}$/)
      .nullable()
      .describe('The merge commit of `mergedAt`, null for entries recorded by hand.'),
    verified: Verification.optional().describe(
      'Set by a maintainer who reproduced the results of merge `verified.merge` (kept across merges; shown only while it names the latest merge).',
    ),
  })
  .strict();
export type OwnershipEntry = z.infer<typeof OwnershipEntry>;

/**
 * `submissions/OWNERSHIP.json`: which GitHub account(s) own each submission folder and when it
 * was merged. Only the trusted publish workflow writes it (a pull request that changes it is
 * refused like any change outside its own folder); `refig validate` and `refig leaderboard`
 * read it, so ownership and submission dates come from data in the repository, never the clock.
 */
export const OwnershipRecord = z
  .object({
    schemaVersion: z.literal(1),
    submissions: z
      .record(Id, OwnershipEntry)
      .describe('Submission folder name → its owners and merge dates.'),
  })
  .strict()
  .describe('FigBoard ownership record: submissions/OWNERSHIP.json (written by CI on merge).');
export type OwnershipRecord = z.infer<typeof OwnershipRecord>;
