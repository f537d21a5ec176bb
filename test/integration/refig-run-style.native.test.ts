// `refig run` on a style suite through the compiled CLI (the bin, a real process), with a real
// scripted style agent (baselines/style-plain: writes a figure.py that plots data.csv with
// matplotlib and runs it to draw output.png), on a 3-task copy of style-real; then
// `refig validate` and `refig evaluate` on the folder it wrote. The agent records what its task
// folder held when it started, so the test sees that no evaluator-only file was ever there.
import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');
const TASKS = ['anscombe', 'harvest', 'pie-clean'];
const EVALUATOR_ONLY = ['reference.py', 'reference_data.csv', 'criteria.json', 'task.json'];
const MANIFEST = `team: FigBoard test
contact: test@example.org
model:
  name: no model
  provider: figboard
  snapshot: style-plain-1
harness:
  name: FigBoard baseline script
  version: 1.0.0
workflow:
  name: plain
  kind: other
  description: "matplotlib defaults on the reference's canvas size and background."
license: MIT
links: {}
`;
let dir = '';
let suite = '';

/** The CLI as a submitter runs it; never rejects: exit code, stdout and stderr. */
async function refig(args: string[], env: Record<string, string> = {}) {
  try {
    const r = await exec(process.execPath, [join(REPO, 'evaluator/bin/refig.js'), ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

// The agent, wrapped: first the task folder's listing goes to $SEEN/<task>.txt (outside it).
const AGENT = [
  '/usr/bin/bash',
  '-c',
  `ls -A "$PWD" > "$SEEN/$FIGBOARD_TASK.txt" && exec /usr/bin/python3 ${join(REPO, 'baselines/style-plain/agent.py')} "$1"`,
  'agent',
  '{out}',
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-style-run-'));
  // a 3-task copy of style-real: same name and version, the task list cut to three
  suite = join(dir, 'suites/style-real');
  await mkdir(suite, { recursive: true });
  const manifest = JSON.parse(await readFile(join(REPO, 'suites/style-real/suite.json'), 'utf8'));
  await writeFile(
    join(suite, 'suite.json'),
    `${JSON.stringify({ ...manifest, tasks: TASKS, taskCount: TASKS.length }, null, 2)}\n`,
  );
  for (const t of TASKS)
    await cp(join(REPO, 'suites/style-real', t), join(suite, t), { recursive: true });
  await writeFile(join(dir, 'entry.yml'), MANIFEST);
  await mkdir(join(dir, 'seen'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('refig run on a style suite', () => {
  it('writes a folder that validates and evaluates; the agent saw only reference.png, data.csv and prompt.txt', async () => {
    const sub = join(dir, 'submissions/style-plain-test');
    const args = ['run', 'submissions/style-plain-test', '--suite', 'suites/style-real'];
    const common = ['--manifest', 'entry.yml', '--jobs', '2', '--work-dir', 'work', '--'];
    const run = await refig([...args, ...common, ...AGENT], { SEEN: join(dir, 'seen') });
    expect(run.stderr + run.stdout).toContain(
      'run: 3 task(s): 3 ran, 0 kept, 0 failed, 0 no figure',
    );
    expect(run.stdout).toContain('OK: submissions/style-plain-test is valid (0 errors');
    expect(run.code).toBe(0);
    // stderr is not a terminal here: one line per task
    for (const t of TASKS)
      expect(run.stderr).toMatch(
        new RegExp(`^agent on style-real: [123]/3 ${t} ran: figure\\.py \\(\\d+s\\)$`, 'm'),
      );

    for (const t of TASKS) {
      const seen = (await readFile(join(dir, 'seen', `${t}.txt`), 'utf8')).trim().split('\n');
      expect(seen.sort(), t).toEqual(['data.csv', 'prompt.txt', 'reference.png']);
      const after = (await readdir(join(dir, 'work', t))).sort();
      expect(after.filter((f) => EVALUATOR_ONLY.includes(f))).toEqual([]);
      expect(after).toEqual(['data.csv', 'figure.py', 'output.png', 'prompt.txt', 'reference.png']);
      const prompt = await readFile(join(dir, 'work', t, 'prompt.txt'), 'utf8');
      expect(prompt).toContain(`Workspace: ${join(dir, 'work', t)} - reference.png`);
      expect(prompt).toContain('TASK: STYLE TRANSFER, NOT REPRODUCTION.');
      expect((await readdir(join(sub, 'artifacts', t))).sort()).toEqual([
        'figure.py',
        'output.png',
      ]);
      const png = await readFile(join(sub, 'artifacts', t, 'output.png'));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }
    const yml = await readFile(join(sub, 'submission.yml'), 'utf8');
    expect(yml).toContain('track: style');
    expect(yml).toMatch(/suite:\n {2}name: style-real\n {2}version: 1\.0\.0\n/);
    const sums = (await readFile(join(sub, 'SHA256SUMS'), 'utf8')).trim().split('\n');
    expect(sums).toHaveLength(6);

    // a resume with another command is refused before any agent runs; the same one keeps all
    const changed = await refig([...args, ...common, '/usr/bin/true']);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('resuming it would mislabel its entry');
    expect(changed.stderr).toContain('agent command: "/usr/bin/bash -c');
    const again = await refig([...args, ...common, ...AGENT], { SEEN: join(dir, 'seen') });
    expect(again.stdout).toContain('run: 3 task(s): 0 ran, 3 kept, 0 failed, 0 no figure');

    const validate = await refig([
      'validate',
      'submissions/style-plain-test',
      '--suite',
      'suites/style-real',
    ]);
    expect(validate.stdout).toContain(
      'OK: submissions/style-plain-test is valid (0 errors, 0 warnings)',
    );
    expect(validate.code).toBe(0);

    const results = join(dir, 'results');
    const evaluate = await refig([
      'evaluate',
      'submissions/style-plain-test',
      '--suite',
      'suites/style-real',
      '--judges',
      'metric',
      '--workers',
      '2',
      '--out',
      results,
    ]);
    expect(evaluate.code, evaluate.stderr).toBe(0);
    expect(evaluate.stdout).toContain('3 tasks: 3 scored, 0 missing, 0 failed');
    const records = (await readFile(join(results, 'style.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { task: string; status: string; S: number });
    expect(records.map((r) => [r.task, r.status])).toEqual(TASKS.map((t) => [t, 'ok']));
    for (const r of records) expect(r.S, r.task).toBeGreaterThan(0);
    const summary = JSON.parse(await readFile(join(results, 'summary.json'), 'utf8'));
    expect(summary.track).toBe('style');
    expect(summary.scores.tasks).toBe(3);
  }, 300_000);

  it('records a task whose agent wrote no figure.py like a refig task without a deck: an error.log', async () => {
    const sub = join(dir, 'submissions/style-broken');
    const run = await refig([
      'run',
      'submissions/style-broken',
      '--suite',
      'suites/style-real',
      '--manifest',
      'entry.yml',
      '--tasks',
      'harvest',
      '--work-dir',
      'work-broken',
      '--',
      '/usr/bin/python3',
      '-c',
      'import sys; sys.exit("cannot plot: no model")',
    ]);
    expect(run.stdout).toContain('run: 1 task(s): 1 ran, 0 kept, 1 failed, 1 no figure');
    expect(run.stderr).toContain('the agent produced no figure.py; error.log says why');
    expect(await readdir(join(sub, 'artifacts/harvest'))).toEqual(['error.log']);
    const log = await readFile(join(sub, 'artifacts/harvest/error.log'), 'utf8');
    expect(log.split('\n')[0]).toMatch(
      /^no figure\.py: the agent exited with code 1 after \d+ s without writing figure\.py$/,
    );
    expect(log).toContain('cannot plot: no model');
    // a valid folder (the failed task scores 0; the validator says so)
    expect(run.stdout).toContain('error-log-only');
    expect(run.stdout).toContain('is valid (0 errors');
    expect(run.code).toBe(0);
  }, 120_000);

  it('stops after K identical failures, and --retry-failed runs those tasks again once the agent works', async () => {
    const args = [
      'run',
      'submissions/style-flaky',
      '--suite',
      'suites/style-real',
      '--manifest',
      'entry.yml',
    ];
    const more = ['--work-dir', 'work-flaky', '--max-identical-failures', '2', '--'];
    // the agent fails alike while $BROKEN names a file that exists (a setup fault)
    const broken = join(dir, 'broken');
    await writeFile(broken, '');
    const agent = [
      '/usr/bin/bash',
      '-c',
      `if [ -e "$BROKEN" ]; then echo "ModuleNotFoundError: No module named 'matplotlib'" >&2; exit 1; fi; exec /usr/bin/python3 ${join(REPO, 'baselines/style-plain/agent.py')} "$1"`,
      'agent',
      '{out}',
    ];
    const first = await refig([...args, ...more, ...agent], { BROKEN: broken });
    expect(first.code).toBe(1);
    expect(first.stdout).toContain(
      'run: 3 task(s): 2 ran, 0 kept, 2 failed, 2 no figure, 1 not started',
    );
    expect(first.stderr).toContain(
      'refig run: stopped early: 2 tasks in a row failed with the same error; 1 task(s) not started.',
    );
    expect(first.stderr).toContain("No module named 'matplotlib'");
    await rm(broken);
    const retry = await refig([...args, '--retry-failed', ...more, ...agent], { BROKEN: broken });
    expect(retry.stdout).toContain('run: 3 task(s): 3 ran, 0 kept, 0 failed, 0 no figure');
    expect(retry.stdout).toContain('OK: submissions/style-flaky is valid (0 errors, 0 warnings)');
    expect(retry.code).toBe(0);
  }, 120_000);

  it('on Ctrl-C says how far it got and the same command resumes with the tasks done kept', async () => {
    const hold = join(dir, 'hold');
    await writeFile(hold, '');
    const argv = [
      join(REPO, 'evaluator/bin/refig.js'),
      'run',
      'submissions/style-stopped',
      '--suite',
      'suites/style-real',
      '--manifest',
      'entry.yml',
      '--work-dir',
      'work-stopped',
      '--',
      '/usr/bin/bash',
      '-c',
      // the second task waits while $HOLD exists: the run is interrupted there
      `if [ "$FIGBOARD_TASK" = harvest ] && [ -e "$HOLD" ]; then sleep 60; fi; exec /usr/bin/python3 ${join(REPO, 'baselines/style-plain/agent.py')} "$1"`,
      'agent',
      '{out}',
    ];
    const child = spawn(process.execPath, argv, {
      cwd: dir,
      env: { ...process.env, HOLD: hold },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    await new Promise<void>((ready) =>
      child.stderr.on('data', (b: Buffer) => {
        stderr += b.toString();
        if (stderr.includes('1/3 anscombe ran')) ready();
      }),
    );
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain(
      'agent on style-real: interrupted; 1 of 3 done; run the same command to resume',
    );
    await rm(hold);
    const resumed = await refig(argv.slice(1), { HOLD: hold });
    expect(resumed.stdout).toContain('run: 3 task(s): 2 ran, 1 kept, 0 failed, 0 no figure');
    expect(resumed.code).toBe(0);
  }, 120_000);
});
