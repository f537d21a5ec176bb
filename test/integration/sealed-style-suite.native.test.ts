import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRefig } from '../support/run-refig.ts';

/*
 * Issue 16 item 3, end to end with the real sandbox: a copy of the style-sample suite and the
 * faithful sample entry. Two of the three tasks are sealed with a test key (their criteria and
 * reference code removed from the folder, as in a public checkout). Without the key `refig
 * evaluate` names those tasks and scores only the open one; with the key every record is byte for
 * byte the record of the open run.
 */
const repo = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'figboard-sealed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A test key (never a real secret): 32 bytes in hex. */
const TEST_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f000112233445566778899aabbccddeeff';
const ENTRY = 'sample-style-faithful';

function layout(name: string): string {
  const root = join(scratch, name);
  cpSync(join(repo, 'suites', 'style-sample'), join(root, 'suites', 'style-sample'), {
    recursive: true,
  });
  cpSync(join(repo, 'submissions', ENTRY), join(root, 'submissions', ENTRY), { recursive: true });
  rmSync(join(root, 'submissions', ENTRY, 'results'), { recursive: true, force: true });
  return root;
}

const evaluate = (root: string, env: Record<string, string> = {}) =>
  runRefig(['evaluate', `submissions/${ENTRY}`, '--workers', '2'], root, env);
const records = (root: string) =>
  readFileSync(join(root, 'submissions', ENTRY, 'results', 'style.jsonl'), 'utf8');

describe('sealed style criteria (refig suite seal)', () => {
  it('without the key names the sealed tasks and scores the rest; with it, records match the open run byte for byte', async () => {
    // The maintainer's open checkout of the hidden split: sealed.json beside the plaintext.
    const open = layout('open');
    const openSeal = await runRefig(
      ['suite', 'seal', 'suites/style-sample', '--tasks', 'style01-1,style01-2'],
      open,
      { FIGBOARD_SUITE_KEY: TEST_KEY },
    );
    expect(openSeal.code, openSeal.err).toBe(0);
    const openRun = await evaluate(open);
    expect(openRun.code, openRun.err).toBe(0);
    // Records of hidden tasks keep scores and counts only: no criterion's expected value.
    for (const line of records(open).trim().split('\n')) {
      const r = JSON.parse(line);
      if (r.task === 'style01-0') expect(r.criteria.details.length).toBeGreaterThan(0);
      else {
        expect(r.criteria.details).toEqual([]);
        expect(r.criteria.total).toBeGreaterThan(0);
        expect(line).not.toContain('"expected"');
      }
    }

    const sealed = layout('sealed');
    const seal = await runRefig(
      ['suite', 'seal', 'suites/style-sample', '--tasks', 'style01-1,style01-2', '--remove'],
      sealed,
      { FIGBOARD_SUITE_KEY: TEST_KEY },
    );
    expect(seal.code, seal.err).toBe(0);
    expect(seal.out).toContain('2 task(s) sealed (6 files); removed 6 plaintext file(s)');
    for (const t of ['style01-1', 'style01-2'])
      for (const f of ['criteria.json', 'reference.py', 'reference_data.csv'])
        expect(existsSync(join(sealed, 'suites', 'style-sample', t, f))).toBe(false);
    const bundle = readFileSync(join(sealed, 'suites', 'style-sample', 'sealed.json'), 'utf8');
    expect(bundle).not.toContain('text.title');
    // The public checkout still verifies: sealed files are absent by design.
    const verify = await runRefig(['suite', 'verify', 'suites/style-sample'], sealed);
    expect(verify.out + verify.err).toContain('ok   suites/style-sample');

    const noKey = await evaluate(sealed);
    expect(noKey.code, noKey.err).toBe(0);
    expect(noKey.err).toContain(
      'cannot score 2 task(s) of style-sample [suite-key-missing]: their scoring material is sealed and FIGBOARD_SUITE_KEY is not set',
    );
    expect(noKey.out).toContain('NOT SCORED [suite-key-missing]');
    const partial = records(sealed)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).task);
    expect(partial).toEqual(['style01-0']);
    const summary = JSON.parse(
      readFileSync(join(sealed, 'submissions', ENTRY, 'results', 'summary.json'), 'utf8'),
    );
    expect(summary.tasks.sealed).toEqual(['style01-1', 'style01-2']);
    expect(summary.tasks.notScored).toEqual([
      { task: 'style01-1', code: 'suite-key-missing' },
      { task: 'style01-2', code: 'suite-key-missing' },
    ]);
    expect(summary.tasks.total).toBe(1);

    // A wrong key names the tasks with their own cause, scores the rest and exits 1.
    const wrongKey = await evaluate(sealed, { FIGBOARD_SUITE_KEY: 'ab'.repeat(32) });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain('cannot score 2 task(s) of style-sample [suite-key-mismatch]');
    expect(records(sealed).trim().split('\n')).toHaveLength(1);

    const withKey = await evaluate(sealed, { FIGBOARD_SUITE_KEY: TEST_KEY });
    expect(withKey.code, withKey.err).toBe(0);
    expect(records(sealed)).toBe(records(open));
    expect(records(open).trim().split('\n')).toHaveLength(3);

    // Without the key again: the recorded hidden scores are kept, the bytes do not move.
    const before = records(sealed);
    const again = await evaluate(sealed);
    expect(again.code, again.err).toBe(0);
    expect(again.err).toContain('kept the recorded scores of 2 hidden task(s) of style-sample');
    expect(records(sealed)).toBe(before);
  }, 300_000);
});
