import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Symlink, testdir } from '../../../../test/support/testdir.ts';
import { main } from '../main.ts';
import { silentProgress } from '../../util/progress.ts';

/*
 * `refig style` end to end: the real bubblewrap sandbox, the fixture task (criteria extracted
 * on the fly from reference.py) and the committed sample suite.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const TASK = 'test/fixtures/calibration-style/style01-0';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function refig(args: string[], cwd = ROOT) {
  let out = '';
  let err = '';
  const stdout = { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream;
  const stderr = { write: (s: string) => ((err += s), true) } as unknown as NodeJS.WritableStream;
  const code = await main(['node', 'refig', ...args], {
    stdout,
    stderr,
    cwd,
    env: {},
    progress: () => silentProgress,
  });
  const lines = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { code, out, err, lines };
}

describe('refig style', () => {
  it('prints one JSON line per candidate, in the order given, with scores, criteria and boxed defects', async () => {
    const r = await refig([
      'style',
      '--task',
      TASK,
      '--workers',
      '2',
      `${TASK}/candidates/default`,
      `${TASK}/candidates/faithful`,
      `${TASK}/candidates/does-not-exist`,
    ]);
    expect(r.code).toBe(0);
    expect(r.err).toContain('has no criteria.json; extracted 23 criteria from reference.py');
    expect(r.out).toMatchInlineSnapshot(`
      "{"S":58.5,"candidate":"test/fixtures/calibration-style/style01-0/candidates/default","code":0,"criteria":{"met":0,"total":23},"defects":[{"box":[87.6,53.7,511.8,368],"detail":"palette far from the reference: mean ΔE00 22.4 (reference #264653 #2a9d8f #e9c46a; candidate #1f77b4 #ff7f0e #2ca02c #d62728)","kind":"palette-mismatch","referenceBox":[83.6,45.8,517,259.4],"severity":"major"}],"failure":null,"status":"ok","task":"style01-0","vision":90}
      {"S":100,"candidate":"test/fixtures/calibration-style/style01-0/candidates/faithful","code":100,"criteria":{"met":23,"total":23},"defects":[],"failure":null,"status":"ok","task":"style01-0","vision":100}
      {"S":0,"candidate":"test/fixtures/calibration-style/style01-0/candidates/does-not-exist","code":0,"criteria":{"met":0,"total":23},"defects":[],"failure":{"code":"missing","message":"test/fixtures/calibration-style/style01-0/candidates/does-not-exist/figure.py: no figure.py for this task (a missing task scores 0)"},"status":"missing","task":"style01-0","vision":0}
      "
    `);
  });

  it("never honours a matplotlibrc or module shipped beside the candidate's figure.py", async () => {
    const faithful = await readFile(
      join(ROOT, TASK, 'candidates', 'faithful', 'figure.py'),
      'utf8',
    );
    const { dir, cleanup } = await testdir({
      'figure.py': faithful,
      // Honoured, these would turn the plot area red, switch every font, and import a module
      // from the candidate's folder as the backend (which does not even exist inside the sandbox).
      matplotlibrc:
        'backend: module://evil_backend\naxes.facecolor: ff0000\nfont.family: fantasy\naxes.prop_cycle: cycler(color=["ff0000"])\n',
      'evil_backend.py':
        "open('/work/pwned', 'w').write('x')\nraise SystemExit('evil backend imported')\n",
    });
    cleanups.push(cleanup);
    const r = await refig(['style', '--task', TASK, '--details', dir]);
    expect(r.code).toBe(0);
    const line = r.lines[0]!;
    expect(line.status).toBe('ok');
    expect(line.S).toBe(100);
    const details = (line.criteria as { details: { id: string; got: unknown }[] }).details;
    expect(details.find((d) => d.id === 'text.title.family')?.got).toBe('DejaVu Serif');
  });

  it('refuses a figure.py that is a symbolic link (it could point at a file of the runner)', async () => {
    const { dir, cleanup } = await testdir({ 'figure.py': new Symlink('/etc/hostname') });
    cleanups.push(cleanup);
    const r = await refig(['style', '--task', TASK, dir]);
    expect(r.lines[0]).toMatchObject({
      status: 'failed',
      S: 0,
      failure: { code: 'invalid-script' },
    });
    expect(String((r.lines[0]!.failure as { message: string }).message)).toMatch(/symbolic link/);
  });

  it('says what is missing when called without --task or candidates', async () => {
    const noTask = await refig(['style', `${TASK}/candidates/faithful`]);
    expect(noTask.code).toBe(2);
    expect(noTask.err).toMatchInlineSnapshot(`
      "refig: [usage] --task: refig style needs --task DIR (expected a style task folder, got nothing)
      "
    `);
    const noTaskDir = await refig([
      'style',
      '--task',
      'no/such/task',
      `${TASK}/candidates/faithful`,
    ]);
    expect(noTaskDir.code).toBe(1);
    expect(noTaskDir.err).toMatch(
      /\[style-task-invalid\] .*no\/such\/task: style task folder not found/,
    );
  });
});

describe('refig style extract-criteria', () => {
  // (the calibration test compares all three sample tasks; this checks the command itself)
  it('confirms a committed criteria.json is what the reference script gives today', async () => {
    const r = await refig([
      'style',
      'extract-criteria',
      '--task',
      'suites/style-sample/style01-2',
      '--check',
    ]);
    expect(r.out).toMatchInlineSnapshot(`
      "suites/style-sample/style01-2/criteria.json is up to date (20 criteria, 1 signature element)
      "
    `);
    expect(r.code).toBe(0);
  });

  it('writes criteria.json and says so, and --check fails on a stale file', async () => {
    const files = Object.fromEntries(
      await Promise.all(
        ['data.csv', 'reference.py', 'reference_data.csv'].map(
          async (f) => [f, await readFile(join(ROOT, TASK, f))] as const,
        ),
      ),
    );
    const { dir, cleanup } = await testdir({
      style01: { ...files, 'criteria.json': '{"stale": true}' },
    });
    cleanups.push(cleanup);
    const stale = await refig(['style', 'extract-criteria', '--task', 'style01', '--check'], dir);
    expect(stale.code).toBe(1);
    expect(stale.out).toBe(
      'style01/criteria.json is out of date; run: refig style extract-criteria --task style01\n',
    );
    const wrote = await refig(['style', 'extract-criteria', '--task', 'style01'], dir);
    expect(wrote.out).toBe('wrote style01/criteria.json (23 criteria, 1 signature element)\n');
    const written = JSON.parse(await readFile(join(dir, 'style01', 'criteria.json'), 'utf8'));
    expect(written.task).toBe('style01');
    expect(written.criteria.map((c: { id: string }) => c.id)).toContain('text.title.weight');
  });
});
