import { lstat, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { FigboardError, UsageError } from '../../errors/index.ts';
import { formatProblem } from '../../errors/problem.ts';
import { readOwnership } from '../../ownership/read-ownership.ts';
import { formatOwnership, recordMerge } from '../../ownership/record-merge.ts';
import { GithubAccount } from '../../schemas/ownership.schema.ts';
import { writeFileAtomic } from '../../util/write-file-atomic.ts';
import { readSubmissionManifest } from '../../validate/read-submission-manifest.ts';
import type { RegisterCommand } from './command.ts';

interface RecordFlags {
  file: string;
  authorId: string;
  authorLogin: string;
  maintainer?: boolean;
  date: string;
  commit?: string;
}

/**
 * `refig ownership record SUBMISSION_DIR…`: what the publish workflow runs after a merge. New
 * folders become the pull request author's (a maintainer's sample folder: the maintainers');
 * folders already recorded keep their owners and get the merge date. The date and commit come
 * from the merge commit, so the record is the same whenever and wherever it is rebuilt.
 */
export const registerOwnership: RegisterCommand = (program, ctx) => {
  const ownership = program
    .command('ownership')
    .description('the ownership record (submissions/OWNERSHIP.json) CI keeps on merge');
  ownership
    .command('record')
    .description('record a merge: owners of new submission folders, merge date of every one')
    .argument('<submission-dir...>', 'the submissions/<id> folders the merge changed')
    .requiredOption('--author-id <id>', 'GitHub account id of the merged pull request author')
    .requiredOption('--author-login <login>', 'their GitHub login (display only)')
    .option('--maintainer', 'the author has write access (may own sample folders)')
    .requiredOption('--date <YYYY-MM-DD>', 'merge date (UTC) from the merge commit')
    .option('--commit <sha>', 'the merge commit')
    .option('--file <path>', 'the ownership record', 'submissions/OWNERSHIP.json')
    .addHelpText(
      'after',
      '\nExample:\n  npx refig ownership record submissions/my-entry --author-id 123 --author-login octocat --date 2026-05-01 --commit $(git rev-parse HEAD)\n',
    )
    .action(async (dirs: string[], flags: RecordFlags) => {
      const author = GithubAccount.safeParse({
        id: Number(flags.authorId),
        login: flags.authorLogin,
      });
      if (!author.success)
        throw new UsageError('--author-id / --author-login do not name a GitHub account', {
          expected: 'a positive account id and a GitHub login',
          got: `${flags.authorId} ${flags.authorLogin}`,
        });
      if (!/^\d{4}-\d{2}-\d{2}$/.test(flags.date))
        throw new UsageError('--date must be YYYY-MM-DD', { got: flags.date });
      if (flags.commit !== undefined && !/^[0-9a-f]{40}$/.test(flags.commit))
        throw new UsageError('--commit must be a full 40-digit commit SHA', { got: flags.commit });
      const file = resolve(ctx.cwd, flags.file);
      const read = await readOwnership(file, flags.file);
      if (read.problems.length > 0)
        throw new FigboardError('the ownership record cannot be read', {
          code: 'ownership-unreadable',
          where: flags.file,
          got: read.problems.map(formatProblem).join('; '),
          hint: 'restore it from git history; it is written only by this command',
        });
      const folders: { id: string; sample: boolean }[] = [];
      for (const dir of dirs) {
        const manifestPath = join(resolve(ctx.cwd, dir), 'submission.yml');
        const st = await lstat(manifestPath).catch(() => null);
        if (!st?.isFile()) continue; // deleted by the merge: nothing to own any more
        const manifest = readSubmissionManifest(await readFile(manifestPath, 'utf8'), dir).value;
        folders.push({ id: basename(resolve(ctx.cwd, dir)), sample: manifest?.sample ?? false });
      }
      const next = recordMerge(read.record, {
        folders,
        author: author.data,
        authorIsMaintainer: Boolean(flags.maintainer),
        date: flags.date,
        commit: flags.commit ?? null,
      });
      // Write-then-rename: a killed run never leaves half a record.
      await writeFileAtomic(file, formatOwnership(next.record));
      ctx.stdout.write(
        `ownership: ${next.added.length} new (${next.added.join(', ') || '-'}), ${next.updated.length} updated (${next.updated.join(', ') || '-'}) -> ${flags.file}\n`,
      );
    });
};
