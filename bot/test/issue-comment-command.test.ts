import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCommand } from '../src/handlers/issue-comment-command.ts';
import { githubApi } from './github-api-fake.ts';
import { createTestProbot, disableNetwork, examplePayload } from './support.ts';

const COMMENT_ID = 492700400; // comment.id of the example payload
const HEAD = 'c0ffee0000000000000000000000000000000000';

beforeEach(() => disableNetwork());
afterEach(() => {
  nock.cleanAll();
});

/**
 * A real `issue_comment.created` payload. Overrides: the comment body (the command), the
 * commenter, and `issue.pull_request` — the example comment is on a plain issue, commands are
 * only honoured on pull requests.
 */
function commentEvent(
  id: string,
  body: string,
  opts: { login?: string; type?: 'User' | 'Bot'; onPullRequest?: boolean } = {},
) {
  const payload = examplePayload('issue_comment', 'created', (p) => {
    p.comment.body = body;
    p.sender.login = opts.login ?? 'maintainer-mia';
    p.sender.type = opts.type ?? 'User';
    if (opts.onPullRequest !== false)
      p.issue.pull_request = { url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1' };
  });
  return { id, name: 'issue_comment' as const, payload: payload as never };
}

describe('maintainer commands', () => {
  it('parses a command at the start of a line only', () => {
    expect(parseCommand('/rejudge')).toBe('/rejudge');
    expect(parseCommand('Looks good.\n/approve-judging please')).toBe('/approve-judging');
    expect(parseCommand('please run /rejudge')).toBeNull();
    expect(parseCommand('/rejudgement')).toBeNull();
    expect(parseCommand('/deploy')).toBeNull();
  });

  it('/approve-judging from a user with write access approves the head commit (a status on it), labels the PR and starts the trusted workflow', async () => {
    const { probot } = await createTestProbot();
    const api = githubApi()
      .canGetToken()
      .hasPermission('maintainer-mia', 'write')
      .hasPull(1, HEAD)
      .expectStatus(HEAD, 'figboard/judging-approved')
      .expectLabel(1, 'figboard:judging-approved')
      .expectDispatch('trusted-judge.yml', { pr: '1' })
      .expectReaction(COMMENT_ID, 'rocket');
    await probot.receive(commentEvent('c-1', `/approve-judging ${HEAD.slice(0, 10)}`));
    api.done();
    expect(api.requests[0]).toMatchObject({
      path: `statuses/${HEAD}`,
      body: { description: 'LLM judging approved by @maintainer-mia for this commit' },
    });
  });

  it('/approve-judging naming a commit that is no longer the head approves nothing', async () => {
    const { probot } = await createTestProbot();
    // No status, label, dispatch or reaction is mocked: any such call would fail the test.
    const api = githubApi()
      .canGetToken()
      .hasPermission('maintainer-mia', 'write')
      .hasPull(1, HEAD)
      .expectReply(1);
    await probot.receive(commentEvent('c-old', '/approve-judging 0123456789abcdef'));
    api.done();
    expect((api.requests[0]!.body as { body: string }).body).toMatch(
      /names a commit that is no longer the head of this pull request \(now `c0ffee000000`\); nothing was approved/,
    );
  });

  it.each([
    ['backticks', `/approve-judging \`${HEAD.slice(0, 10)}\``],
    ['a commit URL', `/approve-judging https://github.com/Codertocat/Hello-World/commit/${HEAD}`],
    ['upper case', `/approve-judging ${HEAD.slice(0, 10).toUpperCase()}`],
    ['too short', '/approve-judging c0ffee'],
    ['too long', `/approve-judging ${HEAD}0`],
    ['junk', '/approve-judging please'],
  ])('/approve-judging with %s is refused with a reply and approves nothing', async (_, body) => {
    const { probot } = await createTestProbot();
    // No pull, status, label, dispatch or reaction is mocked: any such call would fail the test.
    const api = githubApi().canGetToken().hasPermission('maintainer-mia', 'write').expectReply(1);
    await probot.receive(commentEvent(`bad-${body.length}`, body));
    api.done();
    expect((api.requests[0]!.body as { body: string }).body).toMatch(
      /^`\/approve-judging` takes the commit you reviewed as 7 to 40 lower-case hex digits .*; got <code>.+<\/code>, so nothing was approved/,
    );
  });

  it('the refusal shows the argument neutralised', async () => {
    const { probot } = await createTestProbot();
    const api = githubApi().canGetToken().hasPermission('maintainer-mia', 'write').expectReply(1);
    await probot.receive(commentEvent('bad-md', '/approve-judging `@octo-org/admins`'));
    api.done();
    expect((api.requests[0]!.body as { body: string }).body).toMatchInlineSnapshot(`
      "\`/approve-judging\` takes the commit you reviewed as 7 to 40 lower-case hex digits (for example \`/approve-judging 1a2b3c4\`), or nothing for the current head; got <code>\\\`@​octo-org/admins\\\`</code>, so nothing was approved. Approve again with the commit written plainly.
      "
    `);
  });

  it('/rejudge from a maintain-role user starts the trusted workflow again', async () => {
    const { probot } = await createTestProbot();
    const api = githubApi()
      .canGetToken()
      .hasPermission('maintainer-mia', 'maintain')
      .expectDispatch('trusted-judge.yml', { pr: '1' })
      .expectReaction(COMMENT_ID, 'rocket');
    await probot.receive(commentEvent('c-2', 'Results look stale.\n/rejudge'));
    api.done();
  });

  it('/help from a maintainer lists the commands', async () => {
    const { probot } = await createTestProbot();
    const api = githubApi().canGetToken().hasPermission('maintainer-mia', 'admin').expectReply(1);
    await probot.receive(commentEvent('c-3', '/help'));
    api.done();
    expect((api.requests[0]!.body as { body: string }).body).toMatchInlineSnapshot(`
      "**FigBoard bot commands** (maintainers with write access):

      | command | what it does |
      |---|---|
      | \`/help\` | show this list |
      | \`/approve-judging [commit]\` | approve LLM judging of the current head commit (if you name a commit, only while it is still the head): sets the \`figboard/judging-approved\` status on it, labels the pull request \`figboard:judging-approved\` and starts the trusted judging workflow, which runs the LLM judges after the \`llm-judges\` environment's reviewers approve. A later push needs a new approval |
      | \`/rejudge\` | run the trusted judging workflow again for the current head commit |

      Submitters: see \`docs/SUBMITTING.md\`. The bot re-checks your submission on every push.
      "
    `);
  });

  it.each([
    ['read', 'reader-rob'],
    ['triage', 'triager-tia'],
    [404, 'stranger-sam'],
  ] as const)(
    'refuses politely for permission %s and starts nothing',
    async (permission, login) => {
      const { probot } = await createTestProbot();
      // No label, dispatch or reaction is mocked: any such call would fail the test.
      const api = githubApi().canGetToken().hasPermission(login, permission).expectReply(1);
      await probot.receive(commentEvent(`refuse-${login}`, '/rejudge', { login }));
      api.done();
      expect((api.requests[0]!.body as { body: string }).body).toMatchInlineSnapshot(`
      "Thanks for the suggestion! \`/rejudge\` can only be run by maintainers with write access to this repository, so nothing was started. A maintainer will take it from here.
      "
    `);
    },
  );

  it('ignores bots, plain issues and comments without a command (no API calls at all)', async () => {
    const { probot } = await createTestProbot();
    await probot.receive(commentEvent('i-1', '/rejudge', { login: 'figboard[bot]', type: 'Bot' }));
    await probot.receive(commentEvent('i-2', '/rejudge', { onPullRequest: false }));
    await probot.receive(commentEvent('i-3', 'Nice work!'));
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('a replayed comment runs once, even under a new delivery id', async () => {
    const { probot } = await createTestProbot();
    const api = githubApi()
      .canGetToken()
      .hasPermission('maintainer-mia', 'write')
      .expectDispatch('trusted-judge.yml', { pr: '1' })
      .expectReaction(COMMENT_ID, 'rocket');
    await probot.receive(commentEvent('first-delivery', '/rejudge'));
    await probot.receive(commentEvent('replayed-with-new-id', '/rejudge'));
    api.done();
  });

  it('a redelivered command runs once', async () => {
    const { probot } = await createTestProbot();
    const api = githubApi()
      .canGetToken()
      .hasPermission('maintainer-mia', 'write')
      .expectDispatch('trusted-judge.yml', { pr: '1' })
      .expectReaction(COMMENT_ID, 'rocket');
    await probot.receive(commentEvent('dup', '/rejudge'));
    await probot.receive(commentEvent('dup', '/rejudge'));
    api.done();
  });
});
