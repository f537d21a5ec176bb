import type { Context } from 'probot';
import type { BotDeps } from '../deps.ts';
import { hasWritePermission } from '../github/has-write-permission.ts';
import { renderHelp, renderRefusal } from '../views/render-report.ts';

const COMMANDS = ['/help', '/rejudge', '/approve-judging'] as const;
export type Command = (typeof COMMANDS)[number];

/** The first maintainer command at the start of a line of a comment, or null. */
export function parseCommand(body: string): Command | null {
  for (const line of body.split('\n')) {
    const m = /^\s*(\/[a-z-]+)(?=\s|$)/.exec(line);
    if (m && (COMMANDS as readonly string[]).includes(m[1]!)) return m[1] as Command;
  }
  return null;
}

/**
 * `issue_comment.created` on a pull request: runs `/help`, `/rejudge` or `/approve-judging` for
 * users whose repository role is write, maintain or admin (checked with the collaborators
 * permission API on every command). Anyone else gets one polite refusal and nothing starts.
 * Comments by bots (including this one) and comments on plain issues are ignored.
 */
export function issueCommentCommand(deps: BotDeps) {
  return async (context: Context<'issue_comment.created'>): Promise<void> => {
    const { issue, comment, sender, repository } = context.payload;
    if (!issue.pull_request || sender.type === 'Bot') return;
    const command = parseCommand(comment.body ?? '');
    if (!command) return;
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
