import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactHiddenStyleRecord } from '@figboard/evaluator/records';
import { StyleRecord } from '@figboard/evaluator/schemas';
import { SealedBundle } from '@figboard/evaluator/suite';
import { verifySuite } from '@figboard/evaluator/suite';

/*
 * The repository's hidden split as a fresh clone has it (issue 16 item 3): suites/style-hidden
 * holds only what a method may see, its scoring material exists only in sealed.json, and the
 * committed records of its entry publish scores and counts only.
 */
const repo = join(import.meta.dirname, '..', '..');
const suiteDir = join(repo, 'suites', 'style-hidden');
const SEALED_ONLY = ['criteria.json', 'reference.py', 'reference_data.csv'];

describe('the committed hidden split (suites/style-hidden)', () => {
  const suite = JSON.parse(readFileSync(join(suiteDir, 'suite.json'), 'utf8')) as {
    tasks: string[];
  };
  const bundle = SealedBundle.parse(
    JSON.parse(readFileSync(join(suiteDir, 'sealed.json'), 'utf8')),
  );

  it('has no plaintext scoring material; sealed.json holds it for every task', () => {
    expect(suite.tasks.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(bundle.tasks).sort()).toEqual([...suite.tasks].sort());
    for (const task of suite.tasks) {
      for (const name of SEALED_ONLY) {
        expect(existsSync(join(suiteDir, task, name)), `${task}/${name}`).toBe(false);
        expect(bundle.tasks[task]![name], `${task}/${name} sealed`).toBeDefined();
      }
      for (const name of ['task.json', 'reference.png', 'data.csv'])
        expect(existsSync(join(suiteDir, task, name)), `${task}/${name}`).toBe(true);
    }
  });

  it('verifies without the key (bundle integrity, public files and hashes)', async () => {
    const v = await verifySuite(suiteDir);
    expect(v.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(v.sealedCheck).toMatchObject({ tasks: suite.tasks.length, files: 12, opened: false });
  });

  it("its entry's committed records publish scores and counts only", () => {
    const lines = readFileSync(
      join(repo, 'submissions', 'baseline-style-hidden-default', 'results', 'style.jsonl'),
      'utf8',
    )
      .trim()
      .split('\n');
    expect(lines.map((l) => JSON.parse(l).task)).toEqual([...suite.tasks].sort());
    for (const line of lines) {
      const record = StyleRecord.parse(JSON.parse(line));
      expect(redactHiddenStyleRecord(record)).toEqual(record);
      expect(record.criteria.details).toEqual([]);
      expect(record.criteria.total).toBeGreaterThan(0);
      expect(line).not.toContain('"expected"');
    }
  });

  it('is on the committed board with every task scored', () => {
    const board = JSON.parse(readFileSync(join(repo, 'leaderboard.json'), 'utf8')) as {
      style: { suite?: string; split: string; n: number; notScored?: number }[];
    };
    const rows = board.style.filter((r) => r.suite === 'style-hidden' && r.split === 'all');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ n: suite.tasks.length });
    expect(rows[0]!.notScored).toBeUndefined();
  });
});
