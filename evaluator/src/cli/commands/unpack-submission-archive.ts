import { join, resolve } from 'node:path';
import { FigboardError } from '../../errors/index.ts';
import { formatProblem } from '../../errors/problem.ts';
import { createHttpArchiveFetcher } from '../../validate/fetch-archive.ts';
import type { SubmissionManifest } from '../../schemas/submission.schema.ts';
import { validateSubmission } from '../../validate/validate-submission.ts';

/**
 * For a submission delivered as `archive: {url, sha256}`: fetches, verifies and unpacks the
 * archive exactly as `refig validate` (and CI) do, and returns the unpacked `artifacts/` folder
 * for the evaluate pipeline. Returns null for an inline submission. Refuses, listing every problem, when validation fails.
 */
export async function unpackSubmissionArchive(
  submissionDir: string,
  manifest: SubmissionManifest,
  opts: { suiteDir?: string; cacheDir: string; allowLoopback?: boolean },
): Promise<string | null> {
  const yml = join(submissionDir, 'submission.yml');
  if (!manifest.archive) return null;
  const report = await validateSubmission({
    dir: submissionDir,
    ...(opts.suiteDir !== undefined ? { suiteDir: opts.suiteDir } : {}),
    fetcher: createHttpArchiveFetcher({ allowLoopback: opts.allowLoopback ?? false }),
    cacheDir: resolve(opts.cacheDir),
  });
  const extracted = report.value?.archive?.extractedDir ?? null;
  if (report.errors.length > 0 || extracted === null) {
    throw new FigboardError(
      `the submission's archive cannot be used:\n${report.errors.map(formatProblem).join('\n')}`,
      {
        code: 'archive-invalid',
        where: yml,
        hint: 'run refig validate on the folder for the full report',
      },
    );
  }
  return join(extracted, 'artifacts');
}
