import { cp, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
// The bot's own bundle writer, loader and comment: the scorecard printed here is the one CI posts.
import { buildResultsBundle } from '../../../../action/src/build-results-bundle.ts';
import { BotConfig } from '../../../../bot/src/config.ts';
import { loadResultsBundle } from '../../../../bot/src/results-bundle.ts';
import { composeScorecardComment } from '../../../../bot/src/views/compose-scorecard-comment.ts';
import { findRepoRoot, loadJudgingConfig } from '../../config/load-judging-config.ts';
import { UsageError } from '../../errors/index.ts';
import { toValidationReport } from '../../validate/to-validation-report.ts';
import { validateSubmission } from '../../validate/validate-submission.ts';
import { buildScratchRepository, repoLayout } from '../scratch-repository.ts';
import type { RegisterCommand } from './command.ts';
import { RESULT_FILES } from '../../results/index.ts';
import { runProcessGroup } from '../../untrusted/index.ts';

interface ScorecardFlags {
  results?: string;
  config?: string;
}

/**
 * `refig scorecard SUBMISSION_DIR [--results DIR]`: the Markdown the bot will post on the pull
 * request, for an entry not committed yet. The entry and its results go into a scratch copy of the
 * repository (hard links, so nothing is copied twice and the checkout is never written), where the
 * Action's bundle writer and the bot's loader and view run exactly as in CI; previews are not
 * published (no links), and the footer names the local HEAD.
 */
export const registerScorecard: RegisterCommand = (program, ctx) => {
  program
    .command('scorecard')
    .description('print the scorecard comment the bot will post for an uncommitted entry')
    .argument('<submission-dir>', 'the folder refig run wrote (submissions/<id>)')
    .option(
      '--results <dir>',
      'the results refig evaluate --out wrote (default: .cache/figboard/results/<id>)',
    )
    .option('--config <file>', 'figboard.yml (default: the repository’s)')
    .action(async (dir: string, flags: ScorecardFlags) => {
      // the checkout: where figboard.yml is, else the working folder when it holds suites/
      const repoDir =
        findRepoRoot(ctx.cwd) ??
        ((await stat(join(ctx.cwd, 'suites')).catch(() => null)) ? ctx.cwd : null);
      if (!repoDir)
        throw new UsageError('refig scorecard runs inside a FigBoard checkout', {
          where: ctx.cwd,
          hint: 'run it from the repository root (where figboard.yml and suites/ are)',
        });
      const submissionDir = resolve(ctx.cwd, dir);
      const id = basename(submissionDir);
      const resultsDir = resolve(ctx.cwd, flags.results ?? `.cache/figboard/results/${id}`);
      if (!(await stat(join(resultsDir, RESULT_FILES.summary)).catch(() => null)))
        throw new UsageError(
          `no results to show: the results folder has no ${RESULT_FILES.summary}`,
          {
            where: resultsDir,
            hint: `run: npx refig evaluate ${dir} --judges metric --out ${flags.results ?? `.cache/figboard/results/${id}`}`,
          },
        );
      const { config } = await loadJudgingConfig(ctx, flags.config);
      const scratch = join(repoDir, '.cache/figboard/scorecard');
      await mkdir(scratch, { recursive: true });
      const tmp = await mkdtemp(join(scratch, `${id}-`));
      try {
        // 1. a scratch repository: suites and annotations as they are, every other entry, this one
        const repo = join(tmp, 'repo');
        await buildScratchRepository(
          repoLayout(repoDir),
          repo,
          [{ id, submissionDir, resultsDir }],
          {
            withResults: false,
          },
        );
        // 2. what the untrusted and trusted jobs hand over: validation and the entry's results
        const rr = join(tmp, 'results');
        await cp(resultsDir, join(rr, id, 'results'), { recursive: true });
        const report = await validateSubmission({
          dir: join(repo, 'submissions', id),
          display: `submissions/${id}`,
        });
        await mkdir(join(rr, 'validation'), { recursive: true });
        await writeFile(
          join(rr, 'validation', `${id}.json`),
          JSON.stringify(toValidationReport(report)),
        );
        const judges = await readdir(join(resultsDir, 'judgments')).catch(() => [] as string[]);
        // 3. the bundle, as the trusted judge writes it, then the comment, as the bot renders it
        const bundleDir = join(tmp, 'bundle');
        await buildResultsBundle({
          repoDir: repo,
          resultsRoot: rr,
          ids: [id],
          pr: { number: 1, headSha: await headSha(repoDir, ctx.env) },
          llmJudged: judges.some((j) => j !== 'metric'),
          runUrl: null,
          config,
          outDir: bundleDir,
        });
        const bot = BotConfig.parse({});
        ctx.stdout.write(
          composeScorecardComment(await loadResultsBundle(bundleDir), {
            marker: bot.marker,
            maxChars: bot.maxCommentChars,
            links: null,
            stale: false,
          }),
        );
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    });
};

/**
 * The checkout's HEAD (the footer's commit); zeros outside git. `git` runs through the shared
 * runner like every other child: bounded time and output, nothing from our environment but
 * PATH and HOME (a repository's own config still applies; rev-parse runs no hooks).
 */
async function headSha(repoDir: string, env: Record<string, string | undefined>): Promise<string> {
  const o = await runProcessGroup('git', ['rev-parse', 'HEAD'], {
    cwd: repoDir,
    env: { PATH: env.PATH ?? '/usr/bin:/bin', HOME: env.HOME ?? repoDir },
    timeoutMs: 30_000,
    captureStdout: 4096,
  });
  const sha = o.code === 0 ? o.stdout.toString('utf8').trim() : '';
  return /^[0-9a-f]{40}$/.test(sha) ? sha : '0'.repeat(40);
}
