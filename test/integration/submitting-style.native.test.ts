// docs/SUBMITTING.md's style track section, followed literally: its ```sh blocks are taken from
// the document by heading and run in order under `set -e` in a copy of what a clone holds (with
// style-real cut to three tasks, to keep the run short), with the two substitutions the section
// tells the reader to make: their id and their agent command — here FigBoard's plain scripted
// style agent, which writes a real figure.py and draws output.png with matplotlib. The folder must
// validate, every task must be scored, and the section's submission.yml example must be what the
// runner wrote; the instruction the section quotes must be the one the runner gives.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { FIGMIRROR_INSTRUCTION } from '@figboard/evaluator/tracks';

const ROOT = resolve(import.meta.dirname, '../..');
const ID = 'acme-style-entry';
const AGENT = '/usr/bin/python3 baselines/style-plain/agent.py {out}';
const TASKS = ['boxcolor', 'lines538', 'nested'];
const HEADING = '## Style track';
const run = promisify(execFile);
let dir: string | undefined;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The style track section of the document (its heading up to the next `## `). */
function styleSection(doc: string): string {
  const start = doc.indexOf(`\n${HEADING}`);
  expect(start, `docs/SUBMITTING.md has a "${HEADING}" section`).toBeGreaterThan(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
}

it("follows docs/SUBMITTING.md's style section verbatim: run, validate and evaluate a style entry", async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-submitting-style-'));
  const repo = join(dir, 'clone');
  for (const path of ['docs', 'baselines', 'schemas', 'package.json', 'figboard.yml'])
    await cp(join(ROOT, path), join(repo, path), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(repo, 'node_modules'));
  const suite = join(repo, 'suites/style-real');
  await mkdir(suite, { recursive: true });
  const manifest = JSON.parse(await readFile(join(ROOT, 'suites/style-real/suite.json'), 'utf8'));
  await writeFile(
    join(suite, 'suite.json'),
    `${JSON.stringify({ ...manifest, tasks: TASKS, taskCount: TASKS.length }, null, 2)}\n`,
  );
  for (const t of TASKS)
    await cp(join(ROOT, 'suites/style-real', t), join(suite, t), { recursive: true });

  const section = styleSection(await readFile(join(repo, 'docs/SUBMITTING.md'), 'utf8'));
  expect(section).toContain(`> ${FIGMIRROR_INSTRUCTION}\n`);
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  const script = blocks
    .join('\n')
    .replaceAll('<your-id>', ID)
    .replaceAll('<your agent command>', AGENT);
  await writeFile(join(dir, 'steps.sh'), `set -euo pipefail\nset -x\n${script}`);
  const result = await run('bash', [join(dir, 'steps.sh')], {
    cwd: repo,
    env: {
      // the Node running these tests (its npx), then Debian's python3 and coreutils
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: dir,
      LANG: 'C.UTF-8',
      npm_config_update_notifier: 'false',
      npm_config_offline: 'true',
    },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((err: { stdout?: string; stderr?: string; code?: number }) => {
    throw new Error(
      `a style-section step failed (exit ${err.code}):\n${err.stderr?.slice(-4000)}\n${err.stdout?.slice(-4000)}`,
    );
  });

  expect(result.stdout).toContain('run: 3 task(s): 3 ran, 0 kept, 0 failed, 0 no figure');
  expect(result.stdout).toContain(`OK: submissions/${ID} is valid (0 errors, 0 warnings)`);
  const written = await readFile(join(repo, 'submissions', ID, 'submission.yml'), 'utf8');
  const date = /^date: "(\d{4}-\d{2}-\d{2})"$/m.exec(written)?.[1];
  expect(date).toBeDefined();
  const example = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  expect(example, 'the section shows the submission.yml the runner writes').toBeDefined();
  expect(written).toBe(example!.replaceAll('<your-id>', ID).replace('YYYY-MM-DD', date!));

  const results = join(repo, '.cache/figboard/results', ID);
  const summary = JSON.parse(await readFile(join(results, 'summary.json'), 'utf8'));
  expect(summary.track).toBe('style');
  expect(summary.scores.tasks).toBe(3);
  const records = (await readFile(join(results, 'style.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { task: string; status: string; S: number });
  expect(records.map((r) => [r.task, r.status])).toEqual(TASKS.map((t) => [t, 'ok']));
  for (const r of records) expect(r.S, r.task).toBeGreaterThan(0);
}, 600_000);
