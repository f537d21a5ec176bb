import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../../errors/index.ts';
import { GithubAccount } from '../../schemas/ownership.schema.ts';
import { stableStringify } from '../../util/stable-stringify.ts';
import { parseChangedFiles } from '../../validate/check-changed-files.ts';
import { createHttpArchiveFetcher } from '../../validate/fetch-archive.ts';
import { formatSubmissionReport } from '../../validate/format-submission-report.ts';
import { toValidationReport } from '../../validate/to-validation-report.ts';
import { validateSubmission } from '../../validate/validate-submission.ts';
import type { RegisterCommand } from './command.ts';

interface ValidateFlags {
  suite?: string;
  changedFiles?: string;
  authorId?: string;
  authorLogin?: string;
  maintainer?: boolean;
  ownership?: string;
  json?: boolean;
  offline?: boolean;
  cacheDir?: string;
}

/**
 * `refig validate SUBMISSION_DIR…`: the pre-flight check CI runs on a pull request. Prints every
 * problem of every submission (or one JSON object per submission with `--json`) and exits 1 when
 * any submission has an error, 0 otherwise; 2 for usage errors.
 */
export const registerValidate: RegisterCommand = (program, ctx, setExit) => {
  program
    .command('validate')
    .description(
      'check submission folders: layout, submission.yml, task ids, file types and sizes, SHA256SUMS or archive, agent logs',
    )
    .argument('<submission-dir...>', 'one or more submissions/<id> folders')
    .option(
      '--suite <dir>',
      'suite folder (default: suites/<suite.name> next to the submissions folder)',
    )
    .option(
      '--changed-files <file>',
      'file listing the paths a pull request changes, one per line; fails on paths outside the submission',
    )
    .option(
      '--author-id <id>',
      "GitHub account id of the pull request's author (checks folder ownership and sample)",
    )
    .option('--author-login <login>', 'their GitHub login, for messages')
    .option('--maintainer', 'the author has write access to the repository')
    .option(
      '--ownership <file>',
      'ownership record (default: OWNERSHIP.json next to the submission folders; in CI the base branch copy)',
    )
    .option('--json', 'print one JSON object per submission (for the Action and the bot)')
    .option(
      '--offline',
      'do not download archive: {url, sha256} (its hash is then reported as unchecked)',
    )
    .option('--cache-dir <dir>', 'where downloaded archives are kept', '.cache/figboard/archives')
    .addHelpText(
      'after',
      '\nExit status: 0 when every submission is valid (warnings allowed), 1 when any has an error, 2 on usage errors.\n' +
        'Example:\n  npx refig validate submissions/my-entry\n  git diff --name-only origin/main... > changed.txt && npx refig validate submissions/my-entry --changed-files changed.txt\n',
    )
    .action(async (dirs: string[], flags: ValidateFlags) => {
      let changedFiles: string[] | undefined;
      if (flags.changedFiles) {
        try {
          changedFiles = parseChangedFiles(
            await readFile(resolve(ctx.cwd, flags.changedFiles), 'utf8'),
          );
        } catch (cause) {
          throw new UsageError('cannot read --changed-files', {
            where: flags.changedFiles,
            expected: 'a text file with one path per line',
            cause,
          });
        }
      }
      let author = null;
      if (flags.authorId !== undefined) {
        const account = GithubAccount.safeParse({
          id: Number(flags.authorId),
          login: flags.authorLogin ?? `user-${flags.authorId}`,
        });
        if (!account.success)
          throw new UsageError('--author-id / --author-login do not name a GitHub account', {
            expected: 'a positive account id and a GitHub login',
            got: `${flags.authorId} ${flags.authorLogin ?? ''}`,
          });
        author = { account: account.data, maintainer: Boolean(flags.maintainer) };
      }
      const fetcher = flags.offline
        ? undefined
        : createHttpArchiveFetcher({
            // Archives on a loopback test server only when asked to (tests); never in CI.
            allowLoopback: ctx.env.FIGBOARD_ALLOW_LOOPBACK_ARCHIVES === '1',
          });
      let failed = false;
      for (const dir of dirs) {
        const report = await validateSubmission({
          dir: resolve(ctx.cwd, dir),
          display: dir,
          suiteDir: flags.suite ? resolve(ctx.cwd, flags.suite) : undefined,
          changedFiles,
          author,
          ownershipFile: flags.ownership ? resolve(ctx.cwd, flags.ownership) : undefined,
          fetcher,
          cacheDir: resolve(ctx.cwd, flags.cacheDir ?? '.cache/figboard/archives'),
        });
        if (report.errors.length > 0) failed = true;
        if (flags.json) {
          ctx.stdout.write(`${stableStringify(toValidationReport(report))}\n`);
        } else {
          ctx.stdout.write(formatSubmissionReport(report));
        }
      }
      setExit(failed ? 1 : 0);
    });
};
