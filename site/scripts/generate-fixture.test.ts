import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, expect, it } from 'vitest';
import { Leaderboard, SubmissionManifest } from '@figboard/evaluator/schemas';
import { generateFixture, HOSTILE_TEAM } from './generate-fixture.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

it('is seeded: the same options give byte-identical, schema-valid, internally consistent boards', async () => {
  const make = async () => {
    const d = await mkdtemp(join(tmpdir(), 'figboard-gen-'));
    dirs.push(d);
    await generateFixture({
      outDir: d,
      configurations: 4,
      tasks: 6,
      seed: 11,
      renderSize: { width: 64, height: 36 },
    });
    return d;
  };
  const [a, b] = [await make(), await make()];
  const bytes = await readFile(join(a, 'leaderboard.json'), 'utf8');
  expect(await readFile(join(b, 'leaderboard.json'), 'utf8')).toBe(bytes);
  const board = Leaderboard.parse(JSON.parse(bytes));
  for (const c of board.configurations) {
    expect(c.ci![0]).toBeLessThanOrEqual(c.mean!);
    expect(c.ci![1]).toBeGreaterThanOrEqual(c.mean!);
    expect(c.distribution.reduce((x, y) => x + y, 0)).toBe(c.n - c.judgeFailures);
  }
  // the fixture is a board the real pipeline would accept: every input file passes its schema
  expect(board.problems).toEqual([]);
  expect(board.submissions.some((s) => s.team === HOSTILE_TEAM)).toBe(true);
  const sub = board.submissions.find((s) => s.track === 'refig')!;
  SubmissionManifest.parse(
    parseYaml(await readFile(join(a, 'submissions', sub.id, 'submission.yml'), 'utf8')),
  );
});
