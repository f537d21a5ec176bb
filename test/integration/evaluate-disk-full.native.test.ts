import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRefig } from '../support/run-refig.ts';

/*
 * Faults are not scores (issue 12, finding 4), reproduced on a REAL full file system: the
 * results go to a small tmpfs mounted in a private user + mount namespace (`unshare -rm`, so
 * nothing leaks onto the host's mount table). Before the fix a full disk made refig exit 70 with
 * a stack trace, saved the task as gate failure `render-failed` scored 0 and left a temp file,
 * and the next run (even --retry-failed) kept that 0. Now the run stops with a clear message
 * (exit 75) and records nothing for the task in flight; after the tmpfs is grown ("a rerun with
 * space") the results are byte-identical to an uninterrupted run's.
 */

const REPO = join(import.meta.dirname, '..', '..');
const REFIG = join(REPO, 'evaluator', 'bin', 'refig.js');
const scratch = mkdtempSync(join(tmpdir(), 'figboard-disk-full-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Whether this machine lets us mount a tmpfs in a private namespace (root, or userns allowed). */
function canMountTmpfs(): boolean {
  const probe = join(scratch, 'probe');
  mkdirSync(probe, { recursive: true });
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs -o size=64k tmpfs ${probe}`]);
  return r.status === 0;
}
const AVAILABLE = canMountTmpfs();
if (!AVAILABLE)
  console.warn('evaluate-disk-full: unshare/mount tmpfs not permitted here; the test is skipped');

/** Every file under `dir` (relative path → bytes), for byte comparison. */
function tree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

let root: string;
beforeAll(() => {
  // A repository copy holding the sample's artifacts and its suite (results come from the runs).
  root = join(scratch, 'repo');
  const sub = join(root, 'submissions', 'sample-cc-direct');
  for (const part of ['submission.yml', 'SHA256SUMS', 'artifacts'])
    cpSync(join(REPO, 'submissions', 'sample-cc-direct', part), join(sub, part), {
      recursive: true,
    });
  cpSync(join(REPO, 'suites', 'refig-sample'), join(root, 'suites', 'refig-sample'), {
    recursive: true,
  });
});

describe.skipIf(!AVAILABLE)('refig evaluate on a full disk', () => {
  it('stops with a clear message and records no gate failure; a rerun with space gives the uninterrupted bytes', async () => {
    // The uninterrupted run, on an ordinary disk.
    const reference = join(scratch, 'reference');
    const ref = await runRefig(
      ['evaluate', 'submissions/sample-cc-direct', '--judges', 'metric', '--out', reference],
      root,
    );
    expect(ref.code, ref.err).toBe(0);

    // The same evaluation into a 64 KiB tmpfs (three of the six renders fit), then the tmpfs
    // grown to 64 MiB and the same command again; everything inside one private namespace.
    const mnt = join(scratch, 'mnt');
    const saved = join(scratch, 'after-rerun');
    const log = join(scratch, 'log');
    mkdirSync(mnt, { recursive: true });
    mkdirSync(log, { recursive: true });
    const run = `${JSON.stringify(process.execPath)} ${JSON.stringify(REFIG)} evaluate submissions/sample-cc-direct --judges metric --out ${mnt}/results`;
    const script = [
      'set -u',
      `mount -t tmpfs -o size=64k tmpfs ${mnt}`,
      `${run} > ${log}/full.out 2> ${log}/full.err; echo $? > ${log}/full.code`,
      `ls -1A ${mnt}/results ${mnt}/results/renders > ${log}/full.ls 2>&1`,
      `cat ${mnt}/results/artifacts.jsonl > ${log}/full.artifacts 2>/dev/null || true`,
      `mount -o remount,size=64m ${mnt}`,
      `${run} --retry-failed > ${log}/rerun.out 2> ${log}/rerun.err; echo $? > ${log}/rerun.code`,
      `cp -r ${mnt}/results ${saved}`,
    ].join('\n');
    const r = spawnSync('unshare', ['-rm', 'sh', '-c', script], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: scratch },
      encoding: 'utf8',
      timeout: 900_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const read = (name: string) => readFileSync(join(log, name), 'utf8');

    // 1. The full disk: exit 75, one clear message, no stack trace, no gate failure recorded.
    expect(read('full.code').trim()).toBe('75');
    const err = read('full.err');
    expect(err).toMatch(
      /refig: stopped because of the machine, not the submission: \[environment-disk-full\] .*disk is full/,
    );
    expect(err).not.toMatch(/internal error|\n\s+at /);
    // Complete lines only: the append that hit the full disk may have left half a line, which
    // the next run cuts off before it appends.
    const partial = read('full.artifacts').split('\n').slice(0, -1).filter(Boolean);
    expect(partial.length).toBeLessThan(6);
    for (const line of partial) expect(JSON.parse(line).audit.gate.passed).toBe(true);
    expect(read('full.ls')).not.toMatch(/\.tmp-\d+/);

    // 2. The rerun with space: exit 0 and exactly the uninterrupted run's bytes.
    expect(read('rerun.code').trim(), read('rerun.err')).toBe('0');
    const after = tree(saved);
    const expected = tree(reference);
    expect([...after.keys()]).toEqual([...expected.keys()]);
    for (const [file, bytes] of expected) expect(after.get(file)?.equals(bytes), file).toBe(true);
  });
});
