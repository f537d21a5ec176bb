import type { Context } from 'probot';
import type { ValidationReport } from '@figboard/evaluator/schemas';
import { toValidationReport } from '@figboard/evaluator/validate';
import { submissionIdsFromPaths } from '@figboard/evaluator/validate';
import { validateSubmission } from '@figboard/evaluator/validate';
import type { BotDeps } from '../deps.ts';
import { createCompletedCheckRun } from '../github/check-run.ts';
import { fetchSubmission, listChangedFiles } from '../github/fetch-submission.ts';
import { upsertStickyComment } from '../github/sticky-comment.ts';
import { inlineCode } from '@figboard/evaluator/util';
import { renderReport } from '../views/render-report.ts';

/** At most this many submission folders are checked per pull request (the rule is one). */
const MAX_SUBMISSIONS = 5;

/** GitHub's list-files API returns at most this many files of a pull request. */
const LISTED_FILES_CAP = 3000;

/**
 * `pull_request.opened | synchronize | reopened`: copies each touched submission folder out of
 * the pull request through the API (as data — nothing is checked out or run), validates it with
 * the same code as `refig validate`, and writes the result into the ONE sticky comment plus a
 * check run on the head commit. Pull requests that touch no submission are left alone.
 */
export function pullRequestOpened(deps: BotDeps) {
  return async (
    context: Context<'pull_request.opened' | 'pull_request.synchronize' | 'pull_request.reopened'>,
  ): Promise<void> => {
    const pr = context.payload.pull_request;
    const at = context.repo();
    // New commits are not approved: the approval label (a reminder; the approval itself is a
    // status on the old head) goes.
    if (
      context.payload.action === 'synchronize' &&
      pr.labels?.some((l) => l.name === deps.config.approvalLabel)
    ) {
      await context.octokit.rest.issues
        .removeLabel({ ...at, issue_number: pr.number, name: deps.config.approvalLabel })
        .catch((err: { status?: number }) => {
          if (err.status !== 404) throw err;
        });
    }
    // Past the API's cap the list is cut short: a change outside the submission folder could
    // hide behind the first 3,000 files, so such a pull request is refused, never checked.
    if ((pr.changed_files ?? 0) > LISTED_FILES_CAP) {
      const message = `this pull request changes ${pr.changed_files} files; GitHub lists at most ${LISTED_FILES_CAP.toLocaleString('en-US')}, so FigBoard cannot see every change. A submission changes only its own folder: split the pull request.`;
      await upsertStickyComment(
        context.octokit,
        { ...at, issue_number: pr.number },
        deps.config.marker,
        `${deps.config.marker}\n## FigBoard submission check\n\n❌ Not checked: ${message}\n`,
      );
      await createCompletedCheckRun(context.octokit, at, {
        name: deps.config.validationCheckName,
        headSha: pr.head.sha,
        success: false,
        title: 'Too many changed files',
        summary: message,
        problems: [
          { severity: 'error', rule: 'too-many-changed-files', file: 'pull request', message },
        ],
      });
      return;
    }
    const changed = await listChangedFiles(context.octokit, at, pr.number);
    const ids = submissionIdsFromPaths(changed).slice(0, MAX_SUBMISSIONS);
    if (ids.length === 0) return;

    const reports: ValidationReport[] = [];
    for (const id of ids) {
      const fetched = await fetchSubmission(
        context.octokit,
        at,
        id,
        { headSha: pr.head.sha, baseSha: pr.base.sha },
        {
          maxFiles: deps.config.maxSubmissionFiles,
          maxBytes: deps.config.maxSubmissionBytes,
        },
      );
      if (!fetched) continue; // folder deleted by the PR: nothing to validate
      try {
        const report = toValidationReport(
          await validateSubmission({
            dir: fetched.dir,
            display: `submissions/${id}`,
            changedFiles: changed,
          }),
        );
        for (const note of fetched.notes) {
          report.errors.unshift({
            severity: 'error',
            rule: 'fetch-limit',
            file: `submissions/${id}`,
            message: note,
          });
          report.valid = false;
        }
        reports.push(report);
      } finally {
        await fetched.cleanup();
      }
    }
    if (reports.length === 0) return;

    const valid = reports.every((r) => r.valid);
    const body = renderReport(
      {
        marker: deps.config.marker,
        validations: reports,
        scorecards: [],
        pending: valid
          ? 'Evaluation runs in CI (gate, audit, render, metric judge). The scorecard appears here when it finishes.'
          : 'Fix the errors above and push again; the bot re-checks every push.',
        footer: `FigBoard bot · checked commit ${inlineCode(pr.head.sha.slice(0, 12))}`,
      },
      deps.config.maxCommentChars,
    );
    await upsertStickyComment(
      context.octokit,
      { ...at, issue_number: pr.number },
      deps.config.marker,
      body,
    );
    const errors = reports.reduce((s, r) => s + r.errors.length, 0);
    const warnings = reports.reduce((s, r) => s + r.warnings.length, 0);
    await createCompletedCheckRun(context.octokit, at, {
      name: deps.config.validationCheckName,
      headSha: pr.head.sha,
      success: valid,
      title: valid
        ? `Valid (${warnings} warning${warnings === 1 ? '' : 's'})`
        : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`,
      summary: `Checked ${reports.map((r) => `submissions/${r.id}`).join(', ')} with refig validate.`,
      problems: reports.flatMap((r) => [...r.errors, ...r.warnings]),
    });
  };
}
