import { execFileSync, spawnSync } from 'node:child_process';
import { lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { testdir } from '../support/testdir.ts';

/*
 * Runner files in a published artifact (issue 12, finding 3). The trusted workflow copies the
 * pull request's submission folders into the folder it uploads; actions/upload-artifact follows
 * symbolic links, so a committed `error.log -> /proc/self/environ` would have carried the
 * runner's environment into a public artifact. This test runs the workflow's own extraction
 * script (taken from trusted-judge.yml, not a copy) with bash on a fixture git repository whose
 * pull request commit holds links, a submodule and an odd name, and checks what lands in
 * out/figboard.
 */

const WORKFLOW = new URL('../../.github/workflows/trusted-judge.yml', import.meta.url);
const STEP = 'Copy the submission folder(s) out of the pull request as data (regular files only)';

async function extractScript(): Promise<string> {
  const wf = parse(await readFile(WORKFLOW, 'utf8')) as {
    jobs: Record<string, { steps: { name?: string; run?: string }[] }>;
  };
  const step = wf.jobs.rederive!.steps.find((s) => s.name === STEP);
  if (!step?.run) throw new Error(`trusted-judge.yml has no step "${STEP}"`);
  return step.run;
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A checkout of the default branch plus refs/figboard/pr = a pull request commit built here. */
async function fixtureRepository(): Promise<string> {
  const t = await testdir({
    'README.md': 'default branch\n',
    'submissions/good/old-file.txt': 'from the default branch, removed by the copy\n',
  });
  cleanup = t.cleanup;
  const dir = t.dir;
  const env = { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' };
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'default branch');
  // The pull request: a good folder, and folders with links, a submodule and an odd name.
  git('checkout', '-q', '-b', 'pr');
  const files: Record<string, string> = {
    'submissions/good/submission.yml': 'id: good\n',
    'submissions/good/artifacts/t-a/output.py': 'print(1)\n',
    'submissions/evil/submission.yml': 'id: evil\n',
    'submissions/odd/submission.yml': 'id: odd\n',
    'submissions/odd/artifacts/t-a/.hidden': 'x\n',
  };
  for (const [p, text] of Object.entries(files)) {
    execFileSync('mkdir', ['-p', join(dir, p, '..')]);
    await writeFile(join(dir, p), text);
  }
  execFileSync('mkdir', ['-p', join(dir, 'submissions/evil/artifacts/x')]);
  execFileSync('ln', [
    '-s',
    '/proc/self/environ',
    join(dir, 'submissions/evil/artifacts/x/error.log'),
  ]);
  execFileSync('ln', ['-s', '/etc', join(dir, 'submissions/evil/artifacts/etc')]);
  git('rm', '-q', 'submissions/good/old-file.txt');
  git('add', '-A');
  // A submodule entry (git mode 160000) pointing anywhere.
  const head = git('rev-parse', 'HEAD').trim();
  git('update-index', '--add', '--cacheinfo', `160000,${head},submissions/sub/artifacts/t-a`);
  git('commit', '-q', '-m', 'pull request');
  git('update-ref', 'refs/figboard/pr', 'HEAD');
  git('checkout', '-q', 'main');
  return dir;
}

/** Runs the workflow's script in `dir` with `changed` as changed-files.txt. */
async function runStep(dir: string, changed: string[]) {
  await writeFile(join(dir, 'changed-files.txt'), `${changed.join('\n')}\n`);
  const r = spawnSync('bash', ['-e', '-c', await extractScript()], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir, FIGBOARD_CANARY: 'runner-secret-canary' },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

/** Every path under `root` that is not a folder or a regular file, and every file's text. */
async function walk(root: string): Promise<{ special: string[]; files: Map<string, string> }> {
  const special: string[] = [];
  const files = new Map<string, string>();
  const visit = async (rel: string) => {
    const st = await lstat(join(root, rel));
    if (st.isDirectory()) {
      for (const name of (await readdir(join(root, rel))).sort()) await visit(join(rel, name));
    } else if (st.isFile()) {
      files.set(rel, await readFile(join(root, rel), 'utf8'));
    } else {
      special.push(rel);
    }
  };
  await visit('');
  return { special, files };
}

describe("trusted-judge.yml's extraction step", () => {
  it('copies a clean folder as regular files only, exactly the committed ones', async () => {
    const dir = await fixtureRepository();
    const r = await runStep(dir, ['submissions/good/submission.yml']);
    expect(r.code, r.out).toBe(0);
    const { special, files } = await walk(join(dir, 'out', 'figboard'));
    expect(special).toEqual([]);
    expect([...files.keys()].sort()).toEqual([
      'changed-files.txt',
      'pr-submissions/good/artifacts/t-a/output.py',
      'pr-submissions/good/submission.yml',
    ]);
  });

  it.each([
    [
      'symbolic links (to /proc/self/environ and /etc)',
      'submissions/evil/submission.yml',
      '120000 submissions/evil/artifacts/etc',
    ],
    ['a submodule', 'submissions/sub/artifacts/t-a', '160000 submissions/sub/artifacts/t-a'],
    [
      'a file name that is not plain',
      'submissions/odd/submission.yml',
      '100644 submissions/odd/artifacts/t-a/.hidden',
    ],
  ])(
    'refuses a folder holding %s before copying anything, and fails loudly',
    async (_what, path, named) => {
      const dir = await fixtureRepository();
      const r = await runStep(dir, ['submissions/good/submission.yml', path]);
      expect(r.code).toBe(1);
      expect(r.out).toContain(
        `::error::not copied (only regular files with plain names are): ${named}`,
      );
      const { special, files } = await walk(join(dir, 'out', 'figboard'));
      expect(special).toEqual([]);
      expect(files.size).toBe(0); // nothing reaches the artifact folder
      for (const text of files.values()) expect(text).not.toContain('runner-secret-canary');
      // and nothing of the refused folder was written into the workspace either
      const id = path.split('/')[1]!;
      await expect(lstat(join(dir, 'submissions', id))).rejects.toThrow(/ENOENT/);
    },
  );
});
