import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatOwnership } from '../ownership/record-merge.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import type { OwnershipRecord } from '../schemas/ownership.schema.ts';
import { parse } from 'yaml';
import { buildLeaderboard } from './build-leaderboard.ts';
import { loadLeaderboardInputs } from './load-leaderboard-inputs.ts';

/*
 * The verified mark (issue 24): the maintainers record in submissions/OWNERSHIP.json that they
 * reproduced a submission's results for one merge; the board carries it on that submission while
 * it names the latest merge. The submitter's own submission.yml cannot set it.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SAMPLE = join(ROOT, 'submissions', 'sample-cc-direct');

let dir: string;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function board(ownership: OwnershipRecord['submissions']) {
  dir = await mkdtemp(join(tmpdir(), 'figboard-verified-'));
  await cp(join(ROOT, 'suites', 'refig-sample'), join(dir, 'suites', 'refig-sample'), {
    recursive: true,
  });
  await cp(SAMPLE, join(dir, 'submissions', 'sample-cc-direct'), { recursive: true });
  await writeFile(
    join(dir, 'submissions', 'OWNERSHIP.json'),
    formatOwnership({ schemaVersion: 1, submissions: ownership }),
  );
  const inputs = await loadLeaderboardInputs({
    submissionsDir: join(dir, 'submissions'),
    suitesDir: join(dir, 'suites'),
    annotationsDir: join(dir, 'annotations'),
  });
  expect(inputs.problems.filter((p) => p.file.includes('OWNERSHIP'))).toEqual([]);
  const { leaderboard } = buildLeaderboard(inputs, {
    primaryJudge: 'metric',
    generatorVersion: 'test',
    bootstrapResamples: 50,
    eloResamples: 5,
    agreementResamples: 5,
  });
  return leaderboard.submissions.find((s) => s.id === 'sample-cc-direct')!;
}

const entry = (merge: number, verified?: { date: string; by: string; merge: number }) => ({
  owners: ['maintainers' as const],
  firstMergedAt: '2026-01-01',
  firstMerge: 1,
  mergedAt: '2026-02-01',
  merge,
  commit: null,
  ...(verified ? { verified } : {}),
});

describe('the verified mark', () => {
  it('is on the board for the merge the maintainers reproduced', async () => {
    const s = await board({
      'sample-cc-direct': entry(3, { date: '2026-02-10', by: 'octo-maint', merge: 3 }),
    });
    expect(s.verified).toEqual({ date: '2026-02-10', by: 'octo-maint' });
  });

  it('is absent without a mark, and once a later merge changed the folder', async () => {
    expect((await board({ 'sample-cc-direct': entry(3) })).verified).toBeUndefined();
    const stale = await board({
      'sample-cc-direct': entry(4, { date: '2026-02-10', by: 'maintainers', merge: 3 }),
    });
    expect(stale.verified).toBeUndefined();
  });

  it('cannot be set from submission.yml (the manifest refuses the key)', async () => {
    const yml = parse(await readFile(join(SAMPLE, 'submission.yml'), 'utf8')) as object;
    expect(SubmissionManifest.safeParse(yml).success).toBe(true);
    const forged = SubmissionManifest.safeParse({
      ...yml,
      verified: { date: '2026-02-10', by: 'maintainers' },
    });
    expect(forged.success).toBe(false);
  });
});
