// docs/SUBMITTING.md's quick start, followed literally: the shell blocks of that section are
// taken from the document and run in order in a fresh git repository (a copy of what a
// submitter's clone holds, with an `origin` that has `main`), with the two substitutions a
// submitter makes: their id and their agent command — here FigBoard's OCR baseline, a real
// agent command that writes real decks. The pull request's files must pass
// `refig validate --changed-files` on the first try: every command runs under `set -e`.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ID = 'acme-ocr-entry';
const AGENT = 'python3 baselines/refig-ocr/agent.py {input} {out}';
const run = promisify(execFile);
let dir: string | undefined;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The ```sh blocks of the quick-start section, in document order. */
function quickStartBlocks(doc: string): string[] {
  const start = doc.indexOf('## Quick start');
  const end = doc.indexOf('\n## ', start + 1);
  expect(start, 'docs/SUBMITTING.md has a quick start').toBeGreaterThan(0);
  return [...doc.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

it('follows docs/SUBMITTING.md with the reference runner on refig-real: validate --changed-files passes on the first try', async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-quick-start-'));
  const repo = join(dir, 'clone');
  // what a clone of the repository holds that these steps use
  for (const path of [
    'docs',
    'suites/refig-real',
    'baselines',
    'schemas',
    'submissions/package.json',
    'package.json',
    '.gitignore',
  ])
    await cp(join(ROOT, path), join(repo, path), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(repo, 'node_modules'));
  const git = (args: string[], cwd = repo) =>
    run('git', ['-c', 'user.name=Submitter', '-c', 'user.email=s@example.org', ...args], { cwd });
  await git(['init', '-q', '-b', 'main']);
  await writeFile(join(repo, '.git/info/exclude'), 'node_modules\n');
  await git(['add', '-A']);
  await git(['commit', '-q', '-m', 'main']);
  await git(['clone', '-q', '--bare', repo, join(dir, 'origin.git')], dir);
  await git(['remote', 'add', 'origin', join(dir, 'origin.git')]);
  await git(['fetch', '-q', 'origin']);

  const doc = await readFile(join(repo, 'docs/SUBMITTING.md'), 'utf8');
  const blocks = quickStartBlocks(doc);
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  const script = blocks
    .join('\n')
    .replaceAll('<your-id>', ID)
    .replaceAll('<your agent command>', AGENT);
  // the one step the document leaves to the reader: editing the template
  const steps = script.replace(
    'cp docs/submission-template.yml my-entry.yml',
    'cp docs/submission-template.yml my-entry.yml\nsed -i "s/^team: .*/team: ACME Research/" my-entry.yml',
  );
  await writeFile(join(dir, 'steps.sh'), `set -euo pipefail\nset -x\n${steps}`);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    LANG: 'C.UTF-8',
    GIT_AUTHOR_NAME: 'Submitter',
    GIT_AUTHOR_EMAIL: 's@example.org',
    GIT_COMMITTER_NAME: 'Submitter',
    GIT_COMMITTER_EMAIL: 's@example.org',
    npm_config_update_notifier: 'false',
    npm_config_offline: 'true',
  };
  const result = await run('bash', [join(dir, 'steps.sh')], {
    cwd: repo,
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((err: { stdout?: string; stderr?: string; code?: number }) => {
    throw new Error(
      `a quick-start step failed (exit ${err.code}):\n${err.stderr?.slice(-4000)}\n${err.stdout?.slice(-4000)}`,
    );
  });

  // the validate step printed a clean report for the pull request's files
  expect(result.stdout).toContain(`OK: submissions/${ID} is valid (0 errors`);
  const changed = (await readFile(join(repo, 'changed.txt'), 'utf8')).trim().split('\n');
  expect(changed.every((p) => p.startsWith(`submissions/${ID}/`))).toBe(true);
  expect(changed.some((p) => p.includes('/results/'))).toBe(false);
  const suite = JSON.parse(await readFile(join(repo, 'suites/refig-real/suite.json'), 'utf8'));
  const tasks = await readdir(join(repo, 'submissions', ID, 'artifacts'));
  expect(tasks.sort()).toEqual([...suite.tasks].sort());
  expect(changed).toContain(`submissions/${ID}/SHA256SUMS`);
  expect(changed).toContain(`submissions/${ID}/submission.yml`);
  const manifest = await readFile(join(repo, 'submissions', ID, 'submission.yml'), 'utf8');
  expect(manifest).toContain(`id: ${ID}`);
  expect(manifest).toContain('team: ACME Research');
  expect(manifest).toContain('attempts: 1');
  // the optional score went to .cache, not into the submission
  const summary = JSON.parse(
    await readFile(join(repo, '.cache/figboard/results', ID, 'summary.json'), 'utf8'),
  );
  // Without the maintainers' key the hidden split is not scored (listed, never counted as 0).
  const sealed = JSON.parse(await readFile(join(repo, 'suites/refig-real/sealed.json'), 'utf8'));
  expect(summary.tasks.total).toBe(suite.tasks.length - Object.keys(sealed.tasks).length);
  await expect(readdir(join(repo, 'submissions', ID, 'results'))).rejects.toThrow(/ENOENT/);
  // the branch reached the (local) origin
  const { stdout: remote } = await git(['ls-remote', '--heads', 'origin', ID]);
  expect(remote).toContain(`refs/heads/${ID}`);
  await mkdir(join(dir, 'done'));
}, 900_000);
