import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Symlink, testdir } from '../../../test/support/testdir.ts';
import { formatOwnership } from '../ownership/record-merge.ts';
import type { OwnershipRecord } from '../schemas/ownership.schema.ts';
import { GOOD_FILES, manifest, repo } from './validate-fixtures.testkit.ts';
import { validateSubmission } from './validate-submission.ts';

/*
 * Row takeover and folder takeover (issue 12, finding 2), through the real validator on real
 * folders: ownership comes from submissions/OWNERSHIP.json, the author from the workflow.
 */

const ALICE = { account: { id: 101, login: 'alice' }, maintainer: false };
const MALLORY = { account: { id: 666, login: 'mallory' }, maintainer: false };
const MAINTAINER = { account: { id: 1, login: 'maint' }, maintainer: true };

const OWNERSHIP: OwnershipRecord = {
  schemaVersion: 1,
  submissions: {
    'alice-run': {
      owners: [{ id: 101, login: 'alice' }],
      firstMergedAt: '2026-02-01',
      firstMerge: 1,
      mergedAt: '2026-02-01',
      merge: 1,
      commit: null,
    },
  },
};

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** The repository with alice's merged entry plus `tree` for the folder under test. */
async function checkout(
  id: string,
  yml: string,
  extra: Record<string, string | Symlink> = {},
): Promise<string> {
  const base = repo('alice-run', GOOD_FILES, {
    yml: manifest('alice-run').replace('model: { name: Model A,', 'model: { name: Sample Model A,'),
  });
  const other = repo(id, { ...GOOD_FILES, ...extra }, { yml });
  const t = await testdir({
    ...base,
    ...other,
    'submissions/OWNERSHIP.json': formatOwnership(OWNERSHIP),
  });
  cleanup = t.cleanup;
  return t.dir;
}

/** The shared fixture answers 2 of 3 tasks, one with only an error.log: those warnings are
 * validate-submission's subject, not ownership's. */
const COMPLETENESS = new Set(['incomplete', 'error-log-only']);
const rules = (r: { errors: { rule: string }[]; warnings: { rule: string }[] }) => [
  ...r.errors.map((e) => `error ${e.rule}`),
  ...r.warnings.filter((w) => !COMPLETENESS.has(w.rule)).map((w) => `warning ${w.rule}`),
];

describe('ownership checks of refig validate', () => {
  it("refuses a newcomer whose names slug to another owner's row (SAMPLE_model a vs Sample Model A)", async () => {
    const yml = manifest('mallory-run').replace(
      'model: { name: Model A,',
      'model: { name: "SAMPLE_model a",',
    );
    const dir = await checkout('mallory-run', yml);
    const report = await validateSubmission({
      dir: join(dir, 'submissions', 'mallory-run'),
      display: 'submissions/mallory-run',
      author: MALLORY,
    });
    const clash = report.errors.find((e) => e.rule === 'configuration-owned-by-other');
    expect(clash).toMatchObject({
      file: 'submissions/mallory-run/submission.yml',
      message:
        'model, harness and workflow names make the same board row name (sample-model-a__claude-code__direct-prompt) as submissions/alice-run, which belongs to @alice',
    });
    expect(report.value).toBeUndefined();
  });

  it('lets the owner add a second run of the same configuration', async () => {
    const yml = manifest('alice-run-2').replace(
      'model: { name: Model A,',
      'model: { name: Sample Model A,',
    );
    const dir = await checkout('alice-run-2', yml);
    const report = await validateSubmission({
      dir: join(dir, 'submissions', 'alice-run-2'),
      author: ALICE,
    });
    expect(rules(report)).toEqual([]);
  });

  it("refuses a pull request that changes another owner's folder, unless a maintainer opens it", async () => {
    const dir = await checkout('unused', manifest('unused'));
    const target = join(dir, 'submissions', 'alice-run');
    const byMallory = await validateSubmission({
      dir: target,
      display: 'submissions/alice-run',
      author: MALLORY,
    });
    expect(byMallory.errors.find((e) => e.rule === 'not-an-owner')).toMatchObject({
      file: 'submissions/alice-run/',
      message:
        'this submission folder belongs to @alice; only its owners or a maintainer may change it',
      got: 'a pull request by @mallory',
    });
    expect(rules(await validateSubmission({ dir: target, author: ALICE }))).toEqual([]);
    expect(rules(await validateSubmission({ dir: target, author: MAINTAINER }))).toEqual([]);
  });

  it('reserves sample: true for maintainers (a warning locally, where the author is unknown)', async () => {
    const dir = await checkout('mallory-run', manifest('mallory-run', 'sample: true\n'));
    const target = join(dir, 'submissions', 'mallory-run');
    expect(rules(await validateSubmission({ dir: target, author: MALLORY }))).toEqual([
      'error sample-reserved',
    ]);
    expect(rules(await validateSubmission({ dir: target }))).toEqual(['warning sample-reserved']);
    expect(rules(await validateSubmission({ dir: target, author: MAINTAINER }))).toEqual([]);
  });

  it('reserves role: baseline / upper-reference for maintainers (reference lines are never ranked)', async () => {
    const dir = await checkout('mallory-line', manifest('mallory-line', 'role: upper-reference\n'));
    const target = join(dir, 'submissions', 'mallory-line');
    expect(rules(await validateSubmission({ dir: target, author: MALLORY }))).toEqual([
      'error role-reserved',
    ]);
    expect(rules(await validateSubmission({ dir: target }))).toEqual(['warning role-reserved']);
    expect(rules(await validateSubmission({ dir: target, author: MAINTAINER }))).toEqual([]);
  });

  it('never follows a symlinked submission.yml (its target is not echoed)', async () => {
    const tree = repo('linked', GOOD_FILES);
    (tree['submissions/linked'] as Record<string, unknown>)['submission.yml'] = new Symlink(
      '/etc/passwd',
    );
    const t = await testdir(tree);
    cleanup = t.cleanup;
    const report = await validateSubmission({ dir: join(t.dir, 'submissions', 'linked') });
    expect(report.errors.map((e) => e.rule)).toContain('manifest-not-a-file');
    expect(JSON.stringify(report)).not.toMatch(/root:|nologin/);
  });

  it('reports a broken ownership record by file and rule', async () => {
    const dir = await checkout('unused', manifest('unused'));
    const t = await testdir({ 'OWNERSHIP.json': '{"schemaVersion": 1, "submissions": 3}' });
    const report = await validateSubmission({
      dir: join(dir, 'submissions', 'unused'),
      ownershipFile: join(t.dir, 'OWNERSHIP.json'),
    });
    await t.cleanup();
    expect(report.errors.map((e) => `${e.file} ${e.rule}`)).toEqual([
      'submissions/OWNERSHIP.json ownership-schema',
    ]);
  });
});
