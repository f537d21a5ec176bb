import type { Context } from 'probot';
import type { BotDeps } from '../deps.ts';
import { hasWritePermission } from '../github/has-write-permission.ts';
import { renderBadCommit, renderHelp, renderRefusal } from '../views/render-report.ts';

const COMMANDS = ['/help', '/rejudge', '/approve-judging'] as const;
export type Command = (typeof COMMANDS)[number];

/** The first maintainer command at the start of a line of a comment, or null. */
export function parseCommand(body: string): Command | null {
  return parseCommandLine(body)?.command ?? null;
}

/** A commit as `/approve-judging` accepts it: an abbreviated or full lower-case hex SHA-1. */
const COMMIT = /^[0-9a-f]{7,40}$/;

/**
 * The command and its argument (`/approve-judging <commit>`: the head the maintainer reviewed).
 * The argument is the first word after the command, whatever it is: a word that is not a commit
 * (`` `abc1234` ``, a commit URL, upper case) must be refused, not read as "no commit given" —
 * that would approve whatever the head is when the comment is handled.
 */
function parseCommandLine(body: string): { command: Command; arg: string | null } | null {
  for (const line of body.split('\n')) {
    const m = /^\s*(\/[a-z-]+)(?=\s|$)[^\S\n]*(\S*)/.exec(line);
    if (m && (COMMANDS as readonly string[]).includes(m[1]!))
      return { command: m[1] as Command, arg: m[2] || null };
  }
  return null;
}

/** The commit status that approves LLM judging of exactly one head commit. */
const APPROVAL_STATUS = 'figboard/judging-approved';

/**
 * `issue_comment.created` on a pull request: runs `/help`, `/rejudge` or `/approve-judging` for
 * users whose repository role is write, maintain or admin (checked with the collaborators
 * permission API on every command). Anyone else gets one polite refusal and nothing starts.
 * Comments by bots (including this one) and comments on plain issues are ignored. A comment is
 * acted on once, whatever delivery brings it (a replayed delivery has a new delivery id but the
 * same comment id). `/approve-judging` approves one commit: it sets the `figboard/judging-approved`
 * status on the pull request's head (the one named in the command, which must still be the head),
 * so a later push is not approved. An argument that is not 7–40 lower-case hex digits is refused
 * with a reply and approves nothing.
 */
export function issueCommentCommand(deps: BotDeps) {
  return async (context: Context<'issue_comment.created'>): Promise<void> => {
    const { issue, comment, sender, repository } = context.payload;
    if (!issue.pull_request || sender.type === 'Bot') return;
    const parsed = parseCommandLine(comment.body ?? '');
    if (!parsed) return;
    const { command } = parsed;
    if (!deps.deliveries.claim(`comment:${repository.id}:${comment.id}`)) {
      context.log.info({ comment: comment.id }, 'command comment already handled');
      return;
    }
    const at = context.repo();
    const permitted = await hasWritePermission(
      context.octokit,
      at,
      sender.login,
      deps.config.commandPermissions,
    );
    if (!permitted) {
      await context.octokit.rest.issues.createComment({
        ...at,
        issue_number: issue.number,
        body: renderRefusal(command),
      });
      return;
    }
    if (command === '/help') {
      await context.octokit.rest.issues.createComment({
        ...at,
        issue_number: issue.number,
        body: renderHelp(deps.config.approvalLabel),
      });
      return;
    }
    if (command === '/approve-judging') {
      const sha = parsed.arg;
      if (sha !== null && !COMMIT.test(sha)) {
        await context.octokit.rest.issues.createComment({
          ...at,
          issue_number: issue.number,
          body: renderBadCommit(sha),
        });
        return;
      }
      const pull = await context.octokit.rest.pulls.get({ ...at, pull_number: issue.number });
      const head = pull.data.head.sha;
      if (sha && !head.startsWith(sha)) {
        await context.octokit.rest.issues.createComment({
          ...at,
          issue_number: issue.number,
          body: `\`/approve-judging ${sha}\` names a commit that is no longer the head of this pull request (now \`${head.slice(0, 12)}\`); nothing was approved. Review the new commits and approve again.\n`,
        });
        return;
      }
      await context.octokit.rest.repos.createCommitStatus({
        ...at,
        sha: head,
        state: 'success',
        context: APPROVAL_STATUS,
        description: `LLM judging approved by @${sender.login} for this commit`,
      });
      await context.octokit.rest.issues.addLabels({
        ...at,
        issue_number: issue.number,
        labels: [deps.config.approvalLabel],
      });
    }
    await context.octokit.rest.actions.createWorkflowDispatch({
      ...at,
      workflow_id: deps.config.judgeWorkflowFile,
      ref: repository.default_branch,
      inputs: { pr: String(issue.number) },
    });
    await context.octokit.rest.reactions.createForIssueComment({
      ...at,
      comment_id: comment.id,
      content: 'rocket',
    });
  };
}
