import type { Context } from 'probot';
import type { BotDeps } from '../deps.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCompletedCheckRun } from '../github/check-run.ts';
import type { RepoRef } from '../github/octokit.ts';
import { publishPreviews } from '../github/publish-previews.ts';
import { upsertStickyComment } from '../github/sticky-comment.ts';
import { loadResultsBundle, type ResultsBundle } from '../results-bundle.ts';
import { inlineText } from '@figboard/evaluator/util';
import { composeScorecardComment } from '../views/compose-scorecard-comment.ts';
import type { PreviewLinks } from '../views/scorecard-view.ts';

/** Events that only ever run workflow definitions from the default branch (never a PR's own). */
const TRUSTED_RUN_EVENTS = new Set(['workflow_run', 'workflow_dispatch']);

/**
 * `workflow_run.completed` of the trusted judging workflow: reads its results bundle, renders
 * validation + scorecard into the same sticky comment, and adds a scorecard check run.
 *
 * Runs of a same-named workflow that a fork adds in its pull request are ignored: only runs of
 * the configured file started by `workflow_run`/`workflow_dispatch` (default-branch definitions)
 * count, so a pull request cannot post a forged scorecard.
 */
export function evaluationCompleted(deps: BotDeps) {
  return async (context: Context<'workflow_run.completed'>): Promise<void> => {
    const run = context.payload.workflow_run;
    if (run.name !== deps.config.judgeWorkflowName) return;
    if (
      !TRUSTED_RUN_EVENTS.has(run.event) ||
      !run.path.endsWith(`/${deps.config.judgeWorkflowFile}`)
    ) {
      context.log.warn(
        { run: run.id, event: run.event, path: run.path },
        'ignoring a run that is not the trusted judging workflow',
      );
      return;
    }
    const bundleDir = await deps.loadBundle(context, run.id);
    if (!bundleDir) return;
    try {
      const bundle = await loadResultsBundle(bundleDir.dir);
      const at = context.repo();
      const number = bundle.manifest.pr.number;
      const pr = await context.octokit.rest.pulls.get({ ...at, pull_number: number });
      const stale = pr.data.head.sha !== bundle.manifest.pr.headSha;
      const validations = bundle.submissions.flatMap((s) => (s.validation ? [s.validation] : []));
      const notes: string[] = [];
      // renderings of the best and worst tasks, published so the comment can show them; a
      // stale run's are not (its comment is replaced by the newest push's)
      let links: PreviewLinks | null = null;
      if (!stale && deps.config.previewsBranch) {
        try {
          links = await publishBundlePreviews(context, at, bundle, deps.config.previewsBranch);
        } catch (err) {
          context.log.warn({ err }, 'could not publish the preview renderings');
          notes.push(
            inlineText(
              `The renderings could not be published to the ${deps.config.previewsBranch} branch (${(err as Error).message}).`,
              500,
            ),
          );
        }
      }
      const body = composeScorecardComment(bundle, {
        marker: deps.config.marker,
        maxChars: deps.config.maxCommentChars,
        links,
        stale,
        extraNotes: notes,
      });
      await upsertStickyComment(
        context.octokit,
        { ...at, issue_number: number },
        deps.config.marker,
        body,
      );
      if (!stale) {
        const valid = validations.every((v) => v.valid) && run.conclusion === 'success';
        await createCompletedCheckRun(context.octokit, at, {
          name: deps.config.scorecardCheckName,
          headSha: bundle.manifest.pr.headSha,
          success: valid,
          title: valid ? 'Scored' : `Judging run ${run.conclusion ?? 'did not finish'}`,
          summary: `Scorecard from workflow run ${run.id}.`,
        });
      }
    } finally {
      await bundleDir.cleanup();
    }
  };
}

/**
 * Commits the bundle's preview renderings to the previews branch under
 * `pr-<number>/<head sha>/<submission>/<task>.png` and returns their URLs by bundle path; null
 * when the bundle has none.
 */
async function publishBundlePreviews(
  context: Context<'workflow_run.completed'>,
  at: RepoRef,
  bundle: ResultsBundle,
  branch: string,
): Promise<PreviewLinks | null> {
  const { number, headSha } = bundle.manifest.pr;
  const files = [
    ...new Set(
      (bundle.insights?.entries ?? []).flatMap((e) => e.previews.flatMap((p) => p.file ?? [])),
    ),
  ].sort();
  if (files.length === 0) return null;
  const prefix = `pr-${number}/${headSha}/`;
  const content = await Promise.all(files.map((f) => readFile(join(bundle.dir, f))));
  const published = await publishPreviews(
    context.octokit,
    at,
    branch,
    files.map((f, i) => ({ path: prefix + f.slice('previews/'.length), content: content[i]! })),
    `Preview renderings of pull request #${number} at ${headSha.slice(0, 12)}`,
  );
  const byBundlePath = (m: Map<string, string>) =>
    new Map(files.map((f) => [f, m.get(prefix + f.slice('previews/'.length))!]));
  return { image: byBundlePath(published.image), page: byBundlePath(published.page) };
}
