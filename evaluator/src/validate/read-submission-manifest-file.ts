import { join } from 'node:path';
import { UsageError } from '../errors/index.ts';
import { formatProblem } from '../errors/problem.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import { type ManifestRead, readSubmissionManifest } from './read-submission-manifest.ts';
import { TOP_LEVEL_FILES } from './submission-rules.ts';
import { readBoundedFile } from '../untrusted/read-bounded-file.ts';

/** Largest `submission.yml` read (a manifest is a few hundred bytes): the submission rules' limit. */
const SUBMISSION_YML_MAX_BYTES = TOP_LEVEL_FILES.find((f) => f.name === 'submission.yml')!.maxBytes;

/**
 * Reads `<submissionDir>/submission.yml` from disk — never more than `SUBMISSION_YML_MAX_BYTES`
 * (a submitter controls the file) — and parses it with `readSubmissionManifest`. A missing or
 * unreadable file, a symlink or other non-file, and an oversized one are problems
 * (`missing-manifest`, `manifest-not-a-file`, `file-too-large`) like
 * any other, so every reader (validate, evaluate, the leaderboard, the Action, the bot) reports
 * them the same way. `display` is the path used in messages (default: the file's path).
 */
export async function readSubmissionManifestFile(
  submissionDir: string,
  display?: string,
): Promise<ManifestRead> {
  const path = join(submissionDir, 'submission.yml');
  const file = display ?? path;
  // Refused, never followed: a symlinked manifest could point at any host file (untrusted/).
  const read = await readBoundedFile(path, SUBMISSION_YML_MAX_BYTES);
  if (read.kind === 'not-a-file')
    return {
      problems: [
        {
          severity: 'error',
          rule: 'manifest-not-a-file',
          file,
          message: 'submission.yml must be a regular file',
          expected: 'a regular file',
          got: read.link ? 'a symbolic link (not followed)' : 'not a regular file',
        },
      ],
    };
  if (read.kind === 'missing')
    return {
      problems: [
        {
          severity: 'error',
          rule: 'missing-manifest',
          file,
          message: 'submission.yml is missing',
          hint: 'copy the template from docs/SUBMITTING.md',
        },
      ],
    };
  if (read.kind === 'too-large')
    return {
      problems: [
        {
          severity: 'error',
          rule: 'file-too-large',
          file,
          message: 'manifest is too large',
          expected: `at most ${SUBMISSION_YML_MAX_BYTES} bytes`,
          got: `${read.size} bytes`,
        },
      ],
    };
  return readSubmissionManifest(read.bytes.toString('utf8'), file);
}

/**
 * The valid manifest of a submission folder, or a usage error listing every problem (for the
 * pipelines that need a valid one: `refig evaluate`, the Action's merge step).
 */
export async function loadSubmissionManifest(
  submissionDir: string,
  hint = 'run refig validate for the full report',
): Promise<SubmissionManifest> {
  const read = await readSubmissionManifestFile(submissionDir);
  if (read.value) return read.value;
  const file = join(submissionDir, 'submission.yml');
  if (read.problems.some((p) => p.rule === 'missing-manifest'))
    throw new UsageError('the submission folder has no readable submission.yml', {
      code: 'manifest-missing',
      where: file,
      hint: 'refig evaluate takes a folder submissions/<id>/ holding submission.yml',
    });
  throw new UsageError(
    `submission.yml is invalid:\n${read.problems.map(formatProblem).join('\n')}`,
    { code: 'manifest-invalid', where: file, hint },
  );
}
