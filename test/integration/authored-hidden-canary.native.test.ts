import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SealedBundle, verifySuite } from '@figboard/evaluator/suite';

/*
 * The canary of the split that is hidden in substance (issue 26 item 3): the fixture holds the
 * SHA-256 of the distinctive lines of the sealed reference.py and reference_data.csv files
 * (written by suites/style-authored-hidden/build/build-authored-hidden.ts, never the plaintext).
 * If any committed file — a record, a summary, the board, a bot comment fixture, a site page, a
 * task folder — held one of those lines, the sealed material would have leaked.
 */
const repo = join(import.meta.dirname, '..', '..');
const suiteDir = join(repo, 'suites', 'style-authored-hidden');
const canary = JSON.parse(
  readFileSync(join(repo, 'test', 'fixtures', 'style-authored-canary.json'), 'utf8'),
) as {
  suite: string;
  minLength: number;
  hashes: string[];
};
const lineHash = (line: string) => createHash('sha256').update(line.trim()).digest('hex');

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(join(repo, f)));
}

describe('the authored hidden split (suites/style-authored-hidden)', () => {
  const suite = JSON.parse(readFileSync(join(suiteDir, 'suite.json'), 'utf8')) as {
    tasks: string[];
  };

  it('has at least 20 tasks, each public only in task.json, reference.png and data.csv', () => {
    expect(suite.tasks.length).toBeGreaterThanOrEqual(20);
    const bundle = SealedBundle.parse(
      JSON.parse(readFileSync(join(suiteDir, 'sealed.json'), 'utf8')),
    );
    expect(Object.keys(bundle.tasks).sort()).toEqual([...suite.tasks].sort());
    for (const t of suite.tasks) {
      for (const f of ['criteria.json', 'reference.py', 'reference_data.csv']) {
        expect(existsSync(join(suiteDir, t, f)), `${t}/${f}`).toBe(false);
        expect(bundle.tasks[t]![f], `${t}/${f} sealed`).toBeDefined();
      }
    }
  });

  it('verifies without the key', async () => {
    const v = await verifySuite(suiteDir);
    expect(v.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(v.sealedCheck).toMatchObject({ tasks: suite.tasks.length, opened: false });
  });

  it('no committed file holds a line of the sealed sources (the canary)', () => {
    // Enough lines that a leak of any one reference shows (several per reference).
    expect(canary.suite).toBe('style-authored-hidden');
    expect(canary.hashes.length).toBeGreaterThanOrEqual(5 * suite.tasks.length);
    const wanted = new Set(canary.hashes);
    const leaks: string[] = [];
    for (const f of trackedTextFiles()) {
      const buf = readFileSync(join(repo, f));
      if (buf.includes(0)) continue; // binary: PNGs, archives
      const lines = buf.toString('utf8').split('\n');
      lines.forEach((l, i) => {
        if (l.trim().length >= canary.minLength && wanted.has(lineHash(l)))
          leaks.push(`${f}:${i + 1}`);
      });
    }
    expect(leaks).toEqual([]);
  });
});
