import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOOD_FILES, manifest, sha, SUITE } from '@figboard/evaluator/testkit';
import { githubApi } from './github-api-fake.ts';
import { createTestProbot, disableNetwork, examplePayload } from './support.ts';

const MARKER = '<!-- figboard:submission-report -->';
const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'; // head.sha of the example payload
const BASE_SHA = 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e';
const ID = 'team-entry';

/** The submission folder as committed in the pull request, with a correct SHA256SUMS. */
function submissionFiles(
  extra: Record<string, string | Uint8Array> = {},
  yml = manifest(ID),
): Record<string, string | Uint8Array> {
  const files: Record<string, string | Uint8Array> = { ...GOOD_FILES };
  const sums = Object.entries(files)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([p, v]) => `${sha(v)}  ${p}`)
    .join('\n');
  return { 'submission.yml': yml, SHA256SUMS: `${sums}\n`, ...files, ...extra };
}
const changed = (files: Record<string, unknown>) =>
  Object.keys(files).map((p) => `submissions/${ID}/${p}`);

beforeEach(() => disableNetwork());
afterEach(() => {
  nock.cleanAll();
});

function prEvent(
  action: 'opened' | 'synchronize',
  id: string,
  headSha = HEAD,
  changedFiles?: number,
) {
  // Real payloads; the overrides are the head commit for the synchronize pushes and the count
  // of changed files.
  const payload = examplePayload('pull_request', action, (p) => {
    p.pull_request.head.sha = headSha;
    if (changedFiles !== undefined) p.pull_request.changed_files = changedFiles;
  });
  return { id, name: 'pull_request' as const, payload: payload as never };
}

describe('pull_request.opened / synchronize', () => {
  it('validates the submission through the API and writes ONE sticky comment plus a check run', async () => {
    const { probot } = await createTestProbot();
    const files = submissionFiles();
    const api = githubApi()
      .canGetToken()
      .hasPullFiles(2, changed(files))
      .hasSubmission(HEAD, ID, files)
      .hasSuite(BASE_SHA, 'mini', JSON.stringify(SUITE))
      .expectUpsert()
      .expectCheckRun();
    await probot.receive(prEvent('opened', 'delivery-1'));
    api.done();
    expect(api.comments.get(2)).toHaveLength(1);
    expect(api.comments.get(2)![0]!.body).toMatchInlineSnapshot(`
      "<!-- figboard:submission-report -->
      ## FigBoard submission check

      ### ✅ \`team-entry\` — valid · ⚠️ incomplete

      3 task folders, 7 files match \`SHA256SUMS\` · 0 errors, 2 warnings

      | | where | rule | problem |
      |---|---|---|---|
      | ⚠️ | <code>submissions/team-entry/artifacts</code> | <code>incomplete</code> | the entry answers 2 of 3 suite tasks \\(under 90%\\): it is marked incomplete, and every unanswered task scores 0 |
      | ⚠️ | <code>submissions/team-entry/artifacts/t-c/error.log</code> | <code>error-log-only</code> | the task has only an error.log \\(no deck; it scores 0\\): &quot;agent ran out of turns&quot; — if the agent setup was broken, fix it and re-run these tasks \\(refig run --retry-failed\\) |

      ⏳ Evaluation runs in CI (gate, audit, render, metric judge). The scorecard appears here when it finishes.

      <sub>FigBoard bot · checked commit <code>ec26c3e57ca3</code></sub>
      "
    `);
    expect(api.checkRuns[0]).toMatchObject({
      name: 'FigBoard validation',
      head_sha: HEAD,
      status: 'completed',
      conclusion: 'success',
    });
  });

  it('edits the same comment on every push (one comment per pull request) and lists every problem', async () => {
    const { probot } = await createTestProbot();
    const good = submissionFiles();
    const bad = submissionFiles({
      'artifacts/t-a/output.py': 'changed after hashing\n',
      'artifacts/t-a/notes.txt': 'x',
    });
    const api = githubApi()
      .canGetToken()
      .hasUserCommentWith(`I copied the marker ${MARKER} into my own comment`)
      .hasPullFiles(2, changed(good))
      .hasSubmission(HEAD, ID, good)
      .hasSuite(BASE_SHA, 'mini', JSON.stringify(SUITE))
      .hasPullFiles(2, [...changed(bad), 'README.md'])
      .hasSubmission('1111111111111111111111111111111111111111', ID, bad)
      .hasSuite(BASE_SHA, 'mini', JSON.stringify(SUITE))
      .hasPullFiles(2, changed(good))
      .hasSubmission('2222222222222222222222222222222222222222', ID, good)
      .hasSuite(BASE_SHA, 'mini', JSON.stringify(SUITE))
      .expectUpsert(2, 3)
      .expectCheckRun(3);
    await probot.receive(prEvent('opened', 'd-1'));
    await probot.receive(prEvent('synchronize', 'd-2', '1111111111111111111111111111111111111111'));
    const afterBadPush = api.comments.get(2)!.find((c) => c.user.type === 'Bot')!.body;
    await probot.receive(prEvent('synchronize', 'd-3', '2222222222222222222222222222222222222222'));
    api.done();
    const comments = api.comments.get(2)!;
    expect(comments.filter((c) => c.user.type === 'Bot')).toHaveLength(1);
    expect(comments.find((c) => c.user.type === 'User')!.body).toBe(
      `I copied the marker ${MARKER} into my own comment`,
    );
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST issues/2/comments',
      'PATCH issues/comments/1001',
      'PATCH issues/comments/1001',
    ]);
    expect(afterBadPush).toMatchInlineSnapshot(`
      "<!-- figboard:submission-report -->
      ## FigBoard submission check

      ### ❌ \`team-entry\` — not valid · ⚠️ incomplete

      3 task folders, 6 files match \`SHA256SUMS\` · 4 errors, 2 warnings

      | | where | rule | problem |
      |---|---|---|---|
      | ❌ | <code>README.md</code> | <code>outside-submission</code> | the pull request changes a file outside its submission folder \\(expected only files under submissions/team-entry/, got README.md\\) — open a separate pull request for changes to anything else \\(one submission per pull request\\) |
      | ❌ | <code>submissions/team-entry/SHA256SUMS:3</code> | <code>hash-mismatch</code> | artifacts/t-a/output.py: its SHA-256 differs from the one on this line \\(expected 281b02f27f075fa4c668f888b61ff549b4ae9ad55b0de0785c89a0021616c871, got 77bfabe54990097ff002d5144371e89fc7702a80563ab11b647a6bd4fac79e25\\) — the file changed after SHA256SUMS was written \\(or git changed its line endings\\); regenerate SHA256SUMS |
      | ❌ | <code>submissions/team-entry/artifacts/t-a/notes.txt</code> | <code>disallowed-file</code> | file type not allowed for the refig track \\(expected output.pptx, output.py, output.js, output.jsonl, error.log, got notes.txt\\) |
      | ❌ | <code>submissions/team-entry/artifacts/t-a/notes.txt</code> | <code>sha256sums-unlisted</code> | file is not listed in SHA256SUMS — every file under artifacts/ must be listed; regenerate SHA256SUMS |
      | ⚠️ | <code>submissions/team-entry/artifacts</code> | <code>incomplete</code> | the entry answers 2 of 3 suite tasks \\(under 90%\\): it is marked incomplete, and every unanswered task scores 0 |
      | ⚠️ | <code>submissions/team-entry/artifacts/t-c/error.log</code> | <code>error-log-only</code> | the task has only an error.log \\(no deck; it scores 0\\): &quot;agent ran out of turns&quot; — if the agent setup was broken, fix it and re-run these tasks \\(refig run --retry-failed\\) |

      ⏳ Fix the errors above and push again; the bot re-checks every push.

      <sub>FigBoard bot · checked commit <code>111111111111</code></sub>
      "
    `);
    expect(api.checkRuns.map((c) => c.conclusion)).toEqual(['success', 'failure', 'success']);
    expect((api.checkRuns[1]!.output as { annotations: unknown[] }).annotations).toContainEqual({
      path: `submissions/${ID}/artifacts/t-a/notes.txt`,
      start_line: 1,
      end_line: 1,
      annotation_level: 'failure',
      title: 'disallowed-file',
      message: expect.stringContaining('file type not allowed for the refig track'),
    });
  });

  it('neutralises hostile text from the pull request in the comment', async () => {
    const { probot } = await createTestProbot();
    const hostileName =
      'artifacts/t-a/@everyone <img src=x onerror=alert(1)> | [x](https:evil) #1.txt';
    const files = submissionFiles({ [hostileName]: 'x' });
    const api = githubApi()
      .canGetToken()
      .hasPullFiles(2, changed(files))
      .hasSubmission(HEAD, ID, files)
      .hasSuite(BASE_SHA, 'mini', JSON.stringify(SUITE))
      .expectUpsert()
      .expectCheckRun();
    await probot.receive(prEvent('opened', 'hostile-1'));
    api.done();
    const body = api.comments.get(2)![0]!.body;
    expect(body).not.toContain('<img');
    expect(body).not.toMatch(/@everyone/); // the mention is broken with a zero-width space
    const row = body
      .split('\n')
      .find((l) => l.includes('disallowed-file') && l.includes('onerror'))!;
    // Still exactly the table's five cell separators: the `|` in the name cannot open a new cell.
    expect(row.split(/(?<!\\)\|/).length).toBe(6);
    expect(row).toMatchInlineSnapshot(
      `"| ❌ | <code>submissions/team-entry/artifacts/t-a/@​everyone &lt;img src=x onerror=alert\\(1\\)&gt; \\| \\[x\\]\\(https:evil\\) \\#​1.txt</code> | <code>disallowed-file</code> | file type not allowed for the refig track \\(expected output.pptx, output.py, output.js, output.jsonl, error.log, got @​everyone &lt;img src=x onerror=alert\\(1\\)&gt; \\| \\[x\\]\\(https:evil\\) \\#​1.txt\\) |"`,
    );
  });

  it('breaks autolinks, issue and commit references and bidi marks in pull-request text', async () => {
    const { probot } = await createTestProbot();
    const sha = 'c0ffee0123456789abcdef0123456789abcdef01';
    const hostileName = `artifacts/t-a/www.evil.example GH-12 #12 ${sha} \u200fcod.exe`;
    const files = submissionFiles({ [hostileName]: 'x' });
    const api = githubApi()
      .canGetToken()
      .hasPullFiles(2, changed(files))
      .hasSubmission(HEAD, ID, files)
      .hasSuite(BASE_SHA, 'mini', JSON.stringify(SUITE))
      .expectUpsert()
      .expectCheckRun();
    await probot.receive(prEvent('opened', 'hostile-links'));
    api.done();
    const row = api.comments
      .get(2)![0]!
      .body.split('\n')
      .find((l) => l.includes('disallowed-file'))!;
    // The problem message repeats the name as plain text, where GitHub would link it.
    const message = row.split(/(?<!\\)\|/)[4]!;
    expect(message).toContain('evil');
    expect(message).not.toMatch(/www\.|GH-\d|#\d|\b[0-9a-f]{7,40}\b|\p{Bidi_Control}/iu);
  });

  it('refuses a pull request of more than 3,000 changed files (the list API stops there)', async () => {
    const { probot } = await createTestProbot();
    // No file listing or submission fetch is mocked: a cut list must never be checked.
    const api = githubApi().canGetToken().expectUpsert().expectCheckRun();
    await probot.receive(prEvent('opened', 'many-files', HEAD, 3001));
    api.done();
    expect(api.comments.get(2)![0]!.body).toContain(
      '❌ Not checked: this pull request changes 3001 files; GitHub lists at most 3,000',
    );
    expect(api.checkRuns[0]).toMatchObject({ conclusion: 'failure' });
  });

  it('leaves pull requests that touch no submission alone', async () => {
    const { probot } = await createTestProbot();
    const api = githubApi()
      .canGetToken()
      .hasPullFiles(2, ['evaluator/src/cli/main.ts', 'README.md']);
    await probot.receive(prEvent('opened', 'code-pr'));
    api.done();
    expect(api.requests).toEqual([]);
  });

  it('a redelivered webhook (same delivery id) has no second effect', async () => {
    const { probot } = await createTestProbot();
    const files = submissionFiles();
    // Exactly one set of API calls is allowed: a second run would hit an unmocked endpoint and fail.
    const api = githubApi()
      .canGetToken()
      .hasPullFiles(2, changed(files))
      .hasSubmission(HEAD, ID, files)
      .hasSuite(BASE_SHA, 'mini', JSON.stringify(SUITE))
      .expectUpsert()
      .expectCheckRun();
    await probot.receive(prEvent('opened', 'same-delivery'));
    await probot.receive(prEvent('opened', 'same-delivery'));
    api.done();
    expect(api.comments.get(2)).toHaveLength(1);
    expect(api.checkRuns).toHaveLength(1);
  });

  it('retries a delivery whose first attempt failed', async () => {
    const { probot } = await createTestProbot();
    const files = submissionFiles();
    githubApi()
      .canGetToken()
      .scope.get('/repos/Codertocat/Hello-World/pulls/2/files')
      .query(true)
      .reply(502, { message: 'Bad Gateway' });
    await expect(probot.receive(prEvent('opened', 'flaky'))).rejects.toThrow();
    const api = githubApi()
      .hasPullFiles(2, changed(files))
      .hasSubmission(HEAD, ID, files)
      .hasSuite(BASE_SHA, 'mini', JSON.stringify(SUITE))
      .expectUpsert()
      .expectCheckRun();
    await probot.receive(prEvent('opened', 'flaky'));
    api.done();
    expect(api.comments.get(2)).toHaveLength(1);
  });
});
