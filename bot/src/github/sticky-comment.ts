import type { Octokit, RepoRef } from './octokit.ts';

/**
 * Creates or edits the bot's one comment on a pull request. The comment is found by its hidden
 * marker AND a bot author, so a user who pastes the marker into their own comment cannot make
 * the bot edit (or fail to edit) it. Returns what was done, for logs and tests.
 */
export async function upsertStickyComment(
  octokit: Octokit,
  at: RepoRef & { issue_number: number },
  marker: string,
  body: string,
): Promise<{ action: 'created' | 'updated'; id: number }> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...at,
    per_page: 100,
  });
  const mine = comments.find((c) => c.user?.type === 'Bot' && (c.body ?? '').includes(marker));
  if (mine) {
    if (mine.body !== body)
      await octokit.rest.issues.updateComment({
        owner: at.owner,
        repo: at.repo,
        comment_id: mine.id,
        body,
      });
    return { action: 'updated', id: mine.id };
  }
  const created = await octokit.rest.issues.createComment({ ...at, body });
  return { action: 'created', id: created.data.id };
}
