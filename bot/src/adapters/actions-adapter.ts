import { readFile } from 'node:fs/promises';
import { Probot, ProbotOctokit } from 'probot';
import { configFromEnv } from '../config.ts';
import { createDeliveryStore } from '../delivery-store.ts';
import { figboardApp } from '../index.ts';

type Env = Record<string, string | undefined>;

/**
 * Runs the same app function inside a GitHub Actions job, for the event that started the job
 * (`GITHUB_EVENT_NAME` / `GITHUB_EVENT_PATH`), authenticated with the job's `GITHUB_TOKEN`.
 *
 * With `FIGBOARD_REPLAY_CURRENT_RUN=true` (the last job of the trusted judging workflow) it
 * instead delivers a `workflow_run.completed` event for the current run, with the conclusion in
 * `FIGBOARD_RUN_CONCLUSION`, and reads the results bundle from `FIGBOARD_RESULTS_DIR` (already
 * downloaded by the workflow) instead of the artifacts API.
 */
export async function runInActions(env: Env): Promise<void> {
  const token = env.GITHUB_TOKEN;
  const eventName = env.GITHUB_EVENT_NAME;
  const eventPath = env.GITHUB_EVENT_PATH;
  if (!token || !eventName || !eventPath)
    throw new Error(
      'GITHUB_TOKEN, GITHUB_EVENT_NAME and GITHUB_EVENT_PATH must be set (run this inside a GitHub Actions job)',
    );
  const config = configFromEnv(env);
  const resultsDir = env.FIGBOARD_RESULTS_DIR;
  const probot = new Probot({
    githubToken: token,
    baseUrl: env.GITHUB_API_URL,
    logLevel: 'info',
    Octokit: ProbotOctokit.defaults({ throttle: { enabled: false } }),
  });
  await probot.load(
    figboardApp({
      config,
      deliveries: createDeliveryStore(),
      // The workflow downloaded the bundle; the folder is the workflow's to clean up.
      loadBundle: async () => (resultsDir ? { dir: resultsDir, cleanup: async () => {} } : null),
    }),
  );
  const payload = JSON.parse(await readFile(eventPath, 'utf8')) as Record<string, unknown>;
  const id = `actions-${env.GITHUB_RUN_ID ?? '0'}-${env.GITHUB_RUN_ATTEMPT ?? '1'}`;
  if (env.FIGBOARD_REPLAY_CURRENT_RUN === 'true') {
    const [owner, repo] = (env.GITHUB_REPOSITORY ?? '/').split('/') as [string, string];
    const octokit = new ProbotOctokit({ auth: { token }, baseUrl: env.GITHUB_API_URL });
    const run = await octokit.rest.actions.getWorkflowRun({
      owner,
      repo,
      run_id: Number(env.GITHUB_RUN_ID),
    });
    const workflowRun = {
      ...run.data,
      status: 'completed',
      conclusion: env.FIGBOARD_RUN_CONCLUSION || 'success',
    };
    await probot.receive({
      id,
      name: 'workflow_run',
      payload: {
        action: 'completed',
        workflow_run: workflowRun,
        repository: payload.repository,
        sender: payload.sender,
      },
    } as never);
    return;
  }
  await probot.receive({ id, name: eventName, payload } as never);
}
