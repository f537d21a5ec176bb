import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '@figboard/evaluator/errors';
import { generateFixture, type FixtureSummary } from '../../scripts/generate-fixture.ts';
import { loadSiteData } from './load-site-data.ts';
import { readLeaderboard } from './read-leaderboard.ts';

let dir: string;
let fx: FixtureSummary;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-site-data-'));
  fx = await generateFixture({
    outDir: dir,
    configurations: 2,
    tasks: 4,
    seed: 3,
    withheldEvery: 0,
    renderSize: { width: 96, height: 54 },
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Copies the fixture board with `edit` applied into a fresh data dir sharing suites/submissions. */
async function withBoard(edit: (board: Record<string, any>) => void): Promise<string> {
  const board = JSON.parse(await readFile(join(dir, 'leaderboard.json'), 'utf8'));
  edit(board);
  await writeFile(join(dir, 'leaderboard.json'), JSON.stringify(board));
  return dir;
}

describe('loadSiteData', () => {
  it('loads a clean fixture without problems, in stable order, with every image planned', async () => {
    const data = await loadSiteData(dir);
    expect(data.problems).toEqual([]);
    expect(data.tasks.map((t) => t.key)).toEqual(fx.tasks.map((t) => `${fx.suite}/${t}`));
    const renders = data.tasks.flatMap((t) => t.results.filter((r) => r.render)).length;
    // style track: each style row shows its reference beside the output (the fixture's four
    // style entries × five references, the last entry's last reference failed: no output)
    const styleRows = data.submissions.flatMap((s) => s.style);
    const styleMedia =
      styleRows.filter((r) => r.reference).length + styleRows.filter((r) => r.output).length;
    expect(styleRows).toHaveLength(20);
    expect(styleMedia).toBe(20 + 19);
    expect(data.media.length).toBe(fx.tasks.length + renders + styleMedia);
    for (const r of data.tasks[0]!.results)
      expect(r.render?.full ?? '').not.toContain(r.submission);
  });

  it('reports bad ids, unknown submissions, missing images and withheld licenses by file and rule; keeps the rest', async () => {
    const original = await readFile(join(dir, 'leaderboard.json'), 'utf8');
    const task2 = join(dir, 'suites', fx.suite, fx.tasks[2]!, 'task.json');
    const task2Json = await readFile(task2, 'utf8');
    try {
      await withBoard((b) => {
        b.tasks[0].id = '../../etc';
        b.tasks[1].results[0].submission = 'ghost';
      });
      await writeFile(
        task2,
        task2Json.replace('"redistributable": true', '"redistributable": false'),
      );
      await rm(
        join(dir, 'submissions', fx.submissions[0]!, 'results', 'renders', `${fx.tasks[3]}.png`),
        { force: true },
      );
      const data = await loadSiteData(dir);
      const lines = data.problems.map((p) =>
        formatProblem({ ...p, file: p.file.replace(dir, '<data>') }),
      );
      expect(lines).toMatchInlineSnapshot(`
        [
          "error <data>/leaderboard.json [task-id] task "refig-bench/../../etc" has an invalid id or suite; its page is skipped (expected letters, digits, ".", "_" or "-", got ?)",
          "warning <data>/leaderboard.json [task-unknown-submission] task refig-bench/fig-0002 names submission "ghost" that is not in the board's submissions; result skipped",
        ]
      `);
      expect(data.tasks.map((t) => t.id)).toEqual(fx.tasks.slice(1));
      const withheld = data.tasks.find((t) => t.id === fx.tasks[2])!;
      expect(withheld.withheld).toBe(true);
      expect(withheld.source).toBeNull();
      expect(data.media.some((m) => m.src.includes(`${fx.tasks[2]}/source`))).toBe(false);
      const noRender = data.tasks
        .find((t) => t.id === fx.tasks[3])!
        .results.find((r) => r.submission === fx.submissions[0]);
      expect(noRender?.render ?? null).toBeNull();
    } finally {
      await writeFile(join(dir, 'leaderboard.json'), original);
      await writeFile(task2, task2Json);
    }
  });
});

describe('readLeaderboard', () => {
  it('says where and what when leaderboard.json is missing', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'figboard-site-empty-'));
    try {
      const err = (await readLeaderboard(empty).catch((e: unknown) => e)) as { describe(): string };
      expect(err.describe().replace(empty, '<dir>')).toMatchInlineSnapshot(
        `"[site-data-missing] <dir>/leaderboard.json: leaderboard.json not found (expected a leaderboard.json written by \`refig leaderboard\`, got no such file) Hint: run \`npx refig leaderboard --out leaderboard.json\` at the repository root, or set FIGBOARD_DATA_DIR to a folder that has one"`,
      );
      await writeFile(join(empty, 'leaderboard.json'), '{"schemaVersion": 1, "judges": 3}');
      const bad = (await readLeaderboard(empty).catch((e: unknown) => e)) as {
        code: string;
        got: string;
      };
      expect(bad.code).toBe('site-data-schema');
      // every problem is listed, not just the first
      expect(bad.got).toContain('judges: ');
      expect(bad.got).toContain('inputsHash: ');
      await writeFile(join(empty, 'leaderboard.json'), '{not json');
      await expect(readLeaderboard(empty)).rejects.toMatchObject({ code: 'site-data-json' });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
