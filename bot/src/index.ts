import type { ApplicationFunction } from 'probot';
import type { BotDeps } from './deps.ts';
import { evaluationCompleted } from './handlers/evaluation-completed.ts';
import { issueCommentCommand } from './handlers/issue-comment-command.ts';
import { pullRequestOpened } from './handlers/pull-request-opened.ts';
import { oncePerDelivery } from './once-per-delivery.ts';

/**
 * The FigBoard Probot app. It only registers handlers — one per file in `handlers/` — each
 * wrapped so a redelivered webhook has no second effect. The server adapter (`server.ts`) and the
 * Actions adapter (`actions-adapter.ts`) build `deps` and load this same function.
 */
export function figboardApp(deps: BotDeps): ApplicationFunction {
  return (app) => {
    app.on(
      ['pull_request.opened', 'pull_request.synchronize', 'pull_request.reopened'],
      oncePerDelivery(deps.deliveries, 'pull-request-opened', pullRequestOpened(deps)),
    );
    app.on(
      'issue_comment.created',
      oncePerDelivery(deps.deliveries, 'issue-comment-command', issueCommentCommand(deps)),
    );
    app.on(
      'workflow_run.completed',
      oncePerDelivery(deps.deliveries, 'evaluation-completed', evaluationCompleted(deps)),
    );
  };
}
