import { z } from 'zod';

/** One problem found by a validator (the JSON form of `Problem` in `errors/problem.ts`). */
export const ProblemRecord = z.object({
  severity: z.enum(['error', 'warning']),
  /** Stable rule id, e.g. `hash-mismatch`, `unknown-task`, `manifest-schema`. */
  rule: z.string(),
  /** Repository-relative file the problem is in. */
  file: z.string(),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  message: z.string(),
  expected: z.string().optional(),
  got: z.string().optional(),
  hint: z.string().optional(),
});
export type ProblemRecord = z.infer<typeof ProblemRecord>;

/**
 * What `refig validate --json` prints per submission (one object per line). The Action turns it
 * into annotations and the bot into the sticky PR comment, so both read it through this schema.
 */
export const ValidationReport = z.object({
  /** The submission folder as given on the command line, e.g. `submissions/my-entry`. */
  submission: z.string(),
  id: z.string(),
  track: z.enum(['refig', 'style']).nullable(),
  /** True when there is no error (warnings allowed). */
  valid: z.boolean(),
  suite: z.string().nullable(),
  errors: z.array(ProblemRecord),
  warnings: z.array(ProblemRecord),
  inventory: z
    .object({
      tasks: z.array(z.string()),
      missing: z.array(z.string()),
      logs: z.array(z.string()),
    })
    .nullable(),
  /** Files whose SHA-256 matched `SHA256SUMS`. */
  verifiedFiles: z.number().int().nonnegative(),
  /** The verified archive (`archive: {url, sha256}`) and the folder it was safely unpacked into. */
  archive: z
    .object({
      path: z.string(),
      bytes: z.number().int(),
      sha256: z.string(),
      extractedDir: z.string().nullable().optional(),
    })
    .nullable(),
});
export type ValidationReport = z.infer<typeof ValidationReport>;
