import { createHash } from 'node:crypto';
import nock from 'nock';

/**
 * A fluent fake of the GitHub REST API for the bot's tests (probot-security-alerts style):
 *
 *   const api = githubApi().canGetToken().hasPullFiles(2, files).hasSubmission(...).hasComment(marker).expectUpsert();
 *   await probot.receive(event);
 *   api.done();            // every expected call happened; nothing is pending
 *   api.comments           // the PR's comments after the event (a stateful store)
 *
 * Network is disabled for everything but loopback, so any call the fake does not describe fails
 * the handler — an unexpected side effect cannot pass silently.
 */

const OWNER = 'Codertocat';
const REPO = 'Hello-World';
const BASE = `/repos/${OWNER}/${REPO}`;

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: 'Bot' | 'User' };
}

const gitSha = (content: Buffer | string) => createHash('sha1').update(content).digest('hex');

export class GithubApiFake {
  readonly scope = nock('https://api.github.com');
  /** Comments on pull requests, by number: the store `listComments`, create and update act on. */
  readonly comments = new Map<number, FakeComment[]>();
  readonly checkRuns: Record<string, unknown>[] = [];
  readonly requests: { method: string; path: string; body?: unknown }[] = [];
  /** Files committed to the previews branch: path → bytes. */
  readonly published = new Map<string, Buffer>();
  private nextCommentId = 1000;

  private record(method: string, path: string, body?: unknown) {
    this.requests.push({ method, path, body });
  }

  /** The installation token exchange Probot performs before the first API call of an event. */
  canGetToken(installationId = 1): this {
    this.scope.post(`/app/installations/${installationId}/access_tokens`).reply(201, {
      token: 'ghs_test_installation_token',
      expires_at: '2099-01-01T00:00:00Z',
      permissions: {
        pull_requests: 'write',
        issues: 'write',
        checks: 'write',
        contents: 'read',
        actions: 'write',
      },
      repository_selection: 'all',
    });
    return this;
  }

  hasPullFiles(pull: number, files: string[]): this {
    this.scope
      .get(`${BASE}/pulls/${pull}/files`)
      .query(true)
      .reply(
        200,
        files.map((filename) => ({ filename, status: 'added', sha: gitSha(filename) })),
      );
    return this;
  }

  /** `submissions/<id>/` at `headSha`: the contents listing, the recursive tree and every blob. */
  hasSubmission(headSha: string, id: string, files: Record<string, string | Uint8Array>): this {
    const treeSha = gitSha(`tree:${id}:${headSha}`);
    this.scope
      .get(`${BASE}/contents/submissions`)
      .query({ ref: headSha })
      .reply(200, [{ name: id, path: `submissions/${id}`, type: 'dir', sha: treeSha }]);
    const dirs = new Set<string>();
    const entries: Record<string, unknown>[] = [];
    for (const [path, content] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const parts = path.split('/');
      for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
      const bytes = Buffer.from(content);
      const sha = gitSha(bytes);
      entries.push({ path, mode: '100644', type: 'blob', sha, size: bytes.length });
      this.scope.get(`${BASE}/git/blobs/${sha}`).reply(200, {
        sha,
        size: bytes.length,
        encoding: 'base64',
        content: bytes.toString('base64'),
      });
    }
    for (const d of [...dirs].sort())
      entries.unshift({ path: d, mode: '040000', type: 'tree', sha: gitSha(`dir:${d}`) });
    this.scope
      .get(`${BASE}/git/trees/${treeSha}`)
      .query({ recursive: 'true' })
      .reply(200, { sha: treeSha, tree: entries, truncated: false });
    return this;
  }

  /** `suites/<name>/suite.json` on the base commit. */
  hasSuite(baseSha: string, name: string, suiteJson: string): this {
    this.scope
      .get((path) =>
        decodeURIComponent(path).startsWith(`${BASE}/contents/suites/${name}/suite.json`),
      )
      .query({ ref: baseSha })
      .reply(200, {
        type: 'file',
        name: 'suite.json',
        path: `suites/${name}/suite.json`,
        encoding: 'base64',
        content: Buffer.from(suiteJson).toString('base64'),
      });
    return this;
  }

  /** An existing comment by the bot carrying `marker` on pull request `pull`. */
  hasComment(marker: string, pull = 2): this {
    this.comments.set(pull, [
      ...(this.comments.get(pull) ?? []),
      {
        id: this.nextCommentId++,
        body: `${marker}\nold report`,
        user: { login: 'figboard[bot]', type: 'Bot' },
      },
    ]);
    return this;
  }

  /** A comment by a person that contains the marker text (must never be edited by the bot). */
  hasUserCommentWith(text: string, pull = 2): this {
    this.comments.set(pull, [
      ...(this.comments.get(pull) ?? []),
      { id: this.nextCommentId++, body: text, user: { login: 'mallory', type: 'User' } },
    ]);
    return this;
  }

  /**
   * Expects the sticky comment to be written once: listed, then created or updated in the
   * stateful store (`times` events in a row, e.g. opened + two synchronize).
   */
  expectUpsert(pull = 2, times = 1): this {
    this.scope
      .get(`${BASE}/issues/${pull}/comments`)
      .query(true)
      .times(times)
      .reply(() => [200, this.comments.get(pull) ?? []]);
    this.scope
      .post(`${BASE}/issues/${pull}/comments`)
      .optionally()
      .times(times)
      .reply((_uri, body) => {
        const c: FakeComment = {
          id: this.nextCommentId++,
          body: (body as { body: string }).body,
          user: { login: 'figboard[bot]', type: 'Bot' },
        };
        this.comments.set(pull, [...(this.comments.get(pull) ?? []), c]);
        this.record('POST', `issues/${pull}/comments`, body);
        return [201, c];
      });
    this.scope
      .patch(/\/repos\/Codertocat\/Hello-World\/issues\/comments\/\d+$/)
      .optionally()
      .times(times)
      .reply((uri, body) => {
        const id = Number(uri.split('/').pop());
        const list = this.comments.get(pull) ?? [];
        const c = list.find((x) => x.id === id);
        if (!c) return [404, {}];
        c.body = (body as { body: string }).body;
        this.record('PATCH', `issues/comments/${id}`, body);
        return [200, c];
      });
    return this;
  }

  /** Expects a plain (non-sticky) reply comment, e.g. `/help` or a refusal. */
  expectReply(pull = 2): this {
    this.scope.post(`${BASE}/issues/${pull}/comments`).reply((_uri, body) => {
      this.record('POST', `issues/${pull}/comments`, body);
      return [201, { id: this.nextCommentId++, ...(body as object) }];
    });
    return this;
  }

  expectCheckRun(times = 1): this {
    this.scope
      .post(`${BASE}/check-runs`)
      .times(times)
      .reply((_uri, body) => {
        this.checkRuns.push(body as Record<string, unknown>);
        return [201, { id: this.checkRuns.length }];
      });
    return this;
  }

  /** The collaborators permission API: a role, or 404 for someone who is not a collaborator. */
  hasPermission(
    user: string,
    permission: 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none' | 404,
  ): this {
    const i = this.scope.get(`${BASE}/collaborators/${user}/permission`);
    if (permission === 404) i.reply(404, { message: 'Not Found' });
    else
      i.reply(200, {
        permission:
          permission === 'maintain' ? 'write' : permission === 'triage' ? 'read' : permission,
        role_name: permission,
        user: { login: user },
      });
    return this;
  }

  expectLabel(pull: number, label: string): this {
    this.scope.post(`${BASE}/issues/${pull}/labels`, { labels: [label] }).reply((_uri, body) => {
      this.record('POST', `issues/${pull}/labels`, body);
      return [200, [{ name: label }]];
    });
    return this;
  }

  expectDispatch(workflow: string, inputs: Record<string, string>, ref = 'master'): this {
    this.scope
      .post(`${BASE}/actions/workflows/${workflow}/dispatches`, { ref, inputs })
      .reply((_uri, body) => {
        this.record('POST', `actions/workflows/${workflow}/dispatches`, body);
        return [204];
      });
    return this;
  }

  expectReaction(commentId: number, content: string): this {
    this.scope
      .post(`${BASE}/issues/comments/${commentId}/reactions`, { content })
      .reply(201, { id: 1, content });
    return this;
  }

  /**
   * The Git data API calls that publish preview renderings in one commit on `branch`: the ref
   * looked up (404: the branch does not exist yet), one blob per file, a tree, a commit and the
   * ref created. `published` receives each blob's path and decoded bytes.
   */
  expectPreviewsPublish(branch: string, files: number): this {
    this.scope
      .get(`${BASE}/git/ref/${encodeURIComponent(`heads/${branch}`)}`)
      .reply(404, { message: 'Not Found' });
    const blobs: Buffer[] = [];
    this.scope
      .post(`${BASE}/git/blobs`)
      .times(files)
      .reply((_uri, body) => {
        const b = Buffer.from((body as { content: string }).content, 'base64');
        blobs.push(b);
        return [201, { sha: gitSha(b) }];
      });
    this.scope.post(`${BASE}/git/trees`).reply((_uri, body) => {
      const { tree } = body as { tree: { path: string; sha: string }[] };
      for (const t of tree) {
        const b = blobs.find((x) => gitSha(x) === t.sha);
        if (b) this.published.set(t.path, b);
      }
      this.record('POST', 'git/trees', body);
      return [201, { sha: 'e'.repeat(40) }];
    });
    this.scope.post(`${BASE}/git/commits`).reply((_uri, body) => {
      this.record('POST', 'git/commits', body);
      return [201, { sha: 'c'.repeat(40) }];
    });
    this.scope.post(`${BASE}/git/refs`).reply((_uri, body) => {
      this.record('POST', 'git/refs', body);
      return [201, { ref: `refs/heads/${branch}`, object: { sha: 'c'.repeat(40) } }];
    });
    return this;
  }

  /** The previews branch cannot be read (e.g. a token without `contents: write` on a fork). */
  refusesPreviewsPublish(branch: string): this {
    this.scope
      .get(`${BASE}/git/ref/${encodeURIComponent(`heads/${branch}`)}`)
      .reply(403, { message: 'Resource not accessible by integration' });
    return this;
  }

  expectStatus(sha: string, context: string): this {
    this.scope
      .post(
        `${BASE}/statuses/${sha}`,
        (body) => body.context === context && body.state === 'success',
      )
      .reply((_uri, body) => {
        this.record('POST', `statuses/${sha}`, body);
        return [201, { id: 1, context, state: 'success' }];
      });
    return this;
  }

  hasPull(pull: number, headSha: string): this {
    this.scope.get(`${BASE}/pulls/${pull}`).reply(200, { number: pull, head: { sha: headSha } });
    return this;
  }

  /** Asserts that every non-optional interceptor was used. */
  done(): void {
    this.scope.done();
  }
}

export function githubApi(): GithubApiFake {
  return new GithubApiFake();
}
