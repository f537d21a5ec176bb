import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInActions } from '../src/adapters/actions-adapter.ts';
import { githubApi } from './github-api-fake.ts';
import { disableNetwork, examplePayload } from './support.ts';

// The same app function inside GitHub Actions: the event comes from GITHUB_EVENT_PATH and the
// client authenticates with the job's GITHUB_TOKEN (so no installation-token exchange).
let dir: string;
beforeEach(() => {
  disableNetwork();
  dir = mkdtempSync(join(tmpdir(), 'figboard-actions-adapter-'));
});
afterEach(() => {
  nock.cleanAll();
  rmSync(dir, { recursive: true, force: true });
});

function env(
  name: string,
  payload: unknown,
  extra: Record<string, string> = {},
): Record<string, string> {
  const path = join(dir, 'event.json');
  writeFileSync(path, JSON.stringify(payload));
  return {
    GITHUB_TOKEN: 'ghs_job_token',
    GITHUB_EVENT_NAME: name,
    GITHUB_EVENT_PATH: path,
    GITHUB_RUN_ID: '99',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    ...extra,
  };
}

describe('Actions adapter', () => {
  it('delivers the job event (a maintainer command) to the app', async () => {
    const payload = examplePayload('issue_comment', 'created', (p) => {
      p.comment.body = '/help';
      p.issue.pull_request = { url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1' };
    });
    const api = githubApi().hasPermission('Codertocat', 'admin').expectReply(1);
    await runInActions(env('issue_comment', payload));
    api.done();
    expect((api.requests[0]!.body as { body: string }).body).toContain('**FigBoard bot commands**');
  });

  it('replays the current trusted run as workflow_run.completed with the downloaded bundle', async () => {
    const results = join(dir, 'scorecard');
    mkdirSync(join(results, 'validation'), { recursive: true });
    writeFileSync(
      join(results, 'bundle.json'),
      JSON.stringify({
        schemaVersion: 1,
        pr: { number: 5, headSha: 'c'.repeat(40) },
        submissions: ['entry'],
        llmJudged: true,
        runUrl: null,
      }),
    );
    writeFileSync(
      join(results, 'validation', 'entry.json'),
      JSON.stringify({
        submission: 'submissions/entry',
        id: 'entry',
        track: 'refig',
        valid: true,
        suite: 's',
        errors: [],
        warnings: [],
        inventory: { tasks: ['t'], missing: [], logs: [] },
        verifiedFiles: 3,
        archive: null,
      }),
    );
    const api = githubApi().hasPull(5, 'c'.repeat(40)).expectUpsert(5).expectCheckRun();
    api.scope.get('/repos/Codertocat/Hello-World/actions/runs/99').reply(200, {
      id: 99,
      name: 'FigBoard trusted judge',
      path: '.github/workflows/trusted-judge.yml',
      event: 'workflow_dispatch',
      status: 'in_progress',
      conclusion: null,
    });
    const payload = examplePayload('workflow_run', 'completed');
    await runInActions(
      env('workflow_dispatch', payload, {
        FIGBOARD_REPLAY_CURRENT_RUN: 'true',
        FIGBOARD_RUN_CONCLUSION: 'success',
        FIGBOARD_RESULTS_DIR: results,
      }),
    );
    api.done();
    expect(api.comments.get(5)![0]!.body).toContain('### ✅ `entry` — valid');
    expect(api.checkRuns[0]).toMatchObject({
      name: 'FigBoard scorecard',
      conclusion: 'success',
      head_sha: 'c'.repeat(40),
    });
  });

  it('refuses to run outside Actions', async () => {
    await expect(runInActions({})).rejects.toThrow(
      /GITHUB_TOKEN, GITHUB_EVENT_NAME and GITHUB_EVENT_PATH/,
    );
  });
});
