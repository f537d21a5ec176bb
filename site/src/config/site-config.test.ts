import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSiteConfig } from './site-config.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-site-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const repoOf = (env: Record<string, string>) =>
  readSiteConfig({ FIGBOARD_DATA_DIR: dir, ...env }).repoUrl;

describe('the repository the site links to', () => {
  it('is none when nothing configures one (no placeholder)', () => {
    expect(repoOf({})).toBeNull();
    expect(repoOf({ FIGBOARD_REPO_URL: '', GITHUB_REPOSITORY: '' })).toBeNull();
  });

  it("comes from the data folder's package.json in npm's forms", async () => {
    for (const [field, url] of [
      ['"octo/bench"', 'https://github.com/octo/bench'],
      ['"github:octo/bench"', 'https://github.com/octo/bench'],
      [
        '{"type": "git", "url": "git+https://github.com/octo/bench.git"}',
        'https://github.com/octo/bench',
      ],
      ['"https://git.example.org/octo/bench/"', 'https://git.example.org/octo/bench'],
    ] as const) {
      await writeFile(join(dir, 'package.json'), `{"name": "x", "repository": ${field}}`);
      expect(repoOf({ GITHUB_REPOSITORY: 'ci/other' }), field).toBe(url);
    }
  });

  it('FIGBOARD_REPO_URL wins; GITHUB_REPOSITORY is the fallback', async () => {
    await writeFile(join(dir, 'package.json'), '{"repository": "octo/bench"}');
    expect(repoOf({ FIGBOARD_REPO_URL: 'https://github.com/me/fork/' })).toBe(
      'https://github.com/me/fork',
    );
    await writeFile(join(dir, 'package.json'), '{"name": "no-repository"}');
    expect(repoOf({ GITHUB_REPOSITORY: 'ci/board' })).toBe('https://github.com/ci/board');
  });

  it('a repository field that is no address is an error naming the file', async () => {
    await writeFile(join(dir, 'package.json'), '{"repository": 42}');
    expect(() => repoOf({})).toThrow(/package\.json: "repository" must be/);
    await writeFile(join(dir, 'package.json'), '{"repository": "not a repo"}');
    expect(() => repoOf({})).toThrow(/got "not a repo"/);
  });
});
