import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLeaderboardData } from '../../../bench/generate-leaderboard-data.ts';
import { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { createRng } from '../stats/create-rng.ts';
import { buildLeaderboard } from './build-leaderboard.ts';
import type { LeaderboardInputs } from './leaderboard-inputs.ts';
import { loadLeaderboardInputs } from './load-leaderboard-inputs.ts';
import { serializeLeaderboard } from './write-leaderboard.ts';

let root: string;
const options = {
  primaryJudge: 'gpt',
  generatorVersion: 'test',
  bootstrapResamples: 1000,
  eloResamples: 300,
};

async function boardText(dir: string): Promise<string> {
  const inputs = await loadLeaderboardInputs({
    submissionsDir: join(dir, 'submissions'),
    suitesDir: join(dir, 'suites'),
    annotationsDir: join(dir, 'annotations'),
  });
  expect(inputs.problems).toEqual([]);
  return serializeLeaderboard(buildLeaderboard(inputs, options).leaderboard);
}

/** Shuffles the lines of every JSONL file below `dir` with a seeded RNG (content unchanged). */
async function shuffleJsonlLines(dir: string, seed: number): Promise<number> {
  const rng = createRng(seed);
  let files = 0;
  const walk = async (d: string): Promise<void> => {
    for (const e of (await readdir(d, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.name.endsWith('.jsonl')) {
        const lines = (await readFile(p, 'utf8')).trimEnd().split('\n');
        for (let i = lines.length - 1; i > 0; i--) {
          const j = rng.int(i + 1);
          [lines[i], lines[j]] = [lines[j]!, lines[i]!];
        }
        await writeFile(p, `${lines.join('\n')}\n`);
        files++;
      }
    }
  };
  await walk(dir);
  return files;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'figboard-lb-'));
  await generateLeaderboardData(root, {
    seed: 11,
    tasks: 80,
    configurations: 6,
    judges: [
      { id: 'gpt', family: 'openai', model: 'gpt-test', leniency: 0 },
      { id: 'qwen', family: 'qwen', model: 'qwen-test', leniency: 8 },
    ],
    runs: 3,
    annotations: 400,
    annotatedTasks: 70,
  });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('buildLeaderboard determinism', () => {
  it('gives byte-identical files when built twice', async () => {
    const a = await boardText(root);
    const b = await boardText(root);
    expect(b).toBe(a);
    const board = Leaderboard.parse(JSON.parse(a));
    // a full board: every section filled
    expect(board.configurations).toHaveLength(12);
    expect(board.pairedEffects).toHaveLength(6);
    expect(board.harnessEffects).toHaveLength(4);
    expect(board.elo.rows).toHaveLength(6);
    expect(board.sensitivity.variants).toHaveLength(12);
    expect(board.sensitivity.zeroCrossings).toHaveLength(3);
    expect(board.judgeReliability.families).toHaveLength(1);
    expect(board.audit).toHaveLength(6);
    expect(board.effort).toHaveLength(6);
    expect(board.tasks).toHaveLength(80);
    // the additions: Table 14 by field, Table 4 economics, agreement intervals and matchups
    const fields = Object.keys(board.suites[0]!.fields);
    expect(board.byField).toHaveLength(2 * fields.length);
    expect(
      board.pairedEffects.every((e) => e.economics && e.economics.medianTurns.delta !== null),
    ).toBe(true);
    expect(board.settings).toMatchObject({ agreementResamples: 5000, agreementSeed: 20260721 });
    for (const row of board.agreement.byMargin)
      expect(row.n === 0 ? row.ci === null : row.ci![0] <= row.ci![1]).toBe(true);
    for (const judge of ['gpt', 'qwen']) {
      for (const mode of ['single-run', 'run-mean'] as const) {
        const all = board.agreement.byMargin.find(
          (r) => r.judge === judge && r.mode === mode && r.bucket === 'all',
        )!;
        const m = board.agreement.byMatchup!.filter((r) => r.judge === judge && r.mode === mode);
        expect(m.map((r) => r.matchup)).toEqual(['workflow', 'cross']);
        // the matchups partition the decisive annotations
        expect(m[0]!.n + m[1]!.n).toBe(all.n);
        expect(m[0]!.n).toBeGreaterThan(0);
        expect((m[0]!.agree! * m[0]!.n + m[1]!.agree! * m[1]!.n) / all.n).toBeCloseTo(
          all.agree!,
          3,
        );
      }
    }
    // no timestamps anywhere in the file
    expect(a).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });

  it('does not depend on the order of records, annotations or input lists', async () => {
    const before = await boardText(root);
    const inputs = await loadLeaderboardInputs({
      submissionsDir: join(root, 'submissions'),
      suitesDir: join(root, 'suites'),
      annotationsDir: join(root, 'annotations'),
    });
    // Pure builder, every input list reversed: identical bytes, inputs hash included.
    const reversed: LeaderboardInputs = {
      ...inputs,
      submissions: [...inputs.submissions].reverse().map((s) => ({
        ...s,
        judgments: [...s.judgments]
          .reverse()
          .map((j) => ({ ...j, records: [...j.records].reverse() })),
        artifacts: [...s.artifacts].reverse(),
        effort: [...s.effort].reverse(),
      })),
      suites: [...inputs.suites].reverse(),
      annotations: [...inputs.annotations].reverse(),
      files: [...inputs.files].reverse(),
    };
    expect(serializeLeaderboard(buildLeaderboard(reversed, options).leaderboard)).toBe(before);

    // Lines shuffled on disk: same board; only the inputs hash (over file bytes) changes.
    const copy = await mkdtemp(join(tmpdir(), 'figboard-lb-shuffled-'));
    try {
      const { cp } = await import('node:fs/promises');
      await cp(root, copy, { recursive: true });
      expect(await shuffleJsonlLines(copy, 99)).toBeGreaterThan(30);
      const after = await boardText(copy);
      const strip = (s: string) => s.replace(/"inputsHash": "[0-9a-f]+"/, '"inputsHash": "-"');
      expect(after).not.toBe(before);
      expect(strip(after)).toBe(strip(before));
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('keeps building when one submission is broken, and reports it', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'figboard-lb-broken-'));
    try {
      const { cp } = await import('node:fs/promises');
      await cp(root, copy, { recursive: true });
      const victim = (await readdir(join(copy, 'submissions'))).sort()[0]!;
      await writeFile(join(copy, 'submissions', victim, 'submission.yml'), 'id: [unclosed\n');
      const inputs = await loadLeaderboardInputs({
        submissionsDir: join(copy, 'submissions'),
        suitesDir: join(copy, 'suites'),
        annotationsDir: join(copy, 'annotations'),
      });
      const { leaderboard, problems } = buildLeaderboard(inputs, options);
      expect(leaderboard.submissions.map((s) => s.id)).not.toContain(victim);
      expect(leaderboard.configurations).toHaveLength(10);
      expect(
        problems.some(
          (p) => p.rule === 'yaml-syntax' && p.file === `submissions/${victim}/submission.yml`,
        ),
      ).toBe(true);
      // annotations naming the left-out entry are reported one by one, with their line
      const dropped = problems.filter((p) => p.rule === 'annotation-submission-not-ranked');
      expect(dropped.length).toBeGreaterThan(0);
      expect(
        dropped.every(
          (p) => p.file === 'annotations/synthetic.jsonl' && typeof p.line === 'number',
        ),
      ).toBe(true);
      expect(leaderboard.elo.annotations + dropped.length).toBe(400);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
