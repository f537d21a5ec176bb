import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import { StyleJudgmentRecord } from '../schemas/style-judgment-record.schema.ts';
import { StyleRecord } from '../schemas/style-record.schema.ts';
import { buildLeaderboard } from './build-leaderboard.ts';
import { loadLeaderboardInputs } from './load-leaderboard-inputs.ts';

/*
 * Issue 22 (smaller ones): record scores were not bounded by the rubric, so a results file with
 * S 150 or T −20 loaded and entered every mean. The committed sample's metric records are edited
 * here, one line each way, and loaded as the board loads them.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SAMPLE = join(ROOT, 'submissions', 'sample-cc-direct');
const RUN = join('results', 'judgments', 'metric', 'run-1.jsonl');

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sampleRecords = async () =>
  (await readFile(join(SAMPLE, RUN), 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as JudgmentRecord);

describe('record scores are bounded by the rubric', () => {
  it('a judgment record refuses a subscore above its axis maximum or below 0, and totals outside [0, 100]', async () => {
    const [r] = await sampleRecords();
    expect(JudgmentRecord.safeParse(r).success).toBe(true);
    const bad = (edit: (x: JudgmentRecord) => void) => {
      const x = structuredClone(r!);
      edit(x);
      const res = JudgmentRecord.safeParse(x);
      return res.success ? 'accepted' : res.error.issues.map((i) => i.path.join('.')).join(',');
    };
    expect(bad((x) => void (x.subscores!.S = 150))).toBe('subscores.S');
    expect(bad((x) => void (x.subscores!.T = -20))).toBe('subscores.T');
    // 30.5 is within 100 but above S's default maximum of 30.
    expect(bad((x) => void (x.subscores!.S = 30.5))).toBe('subscores.S');
    // Under other weights, the record's own rubric decides.
    expect(
      bad((x) => {
        x.rubric = { T: 20, S: 40, L: 15, E: 25, V: 10 };
        x.subscores!.S = 35;
      }),
    ).toBe('accepted');
    expect(bad((x) => void (x.final = 150))).toBe('final');
    expect(bad((x) => void (x.total = -20))).toBe('total');
    expect(bad((x) => void (x.cap = 150))).toBe('cap');
  });

  it('style records refuse S, S_code and S_vision outside [0, 100]', () => {
    const style = StyleRecord.shape;
    const judged = StyleJudgmentRecord.shape;
    for (const schema of [
      style.S,
      style.code,
      style.vision,
      judged.S,
      judged.code,
      judged.vision,
    ]) {
      expect(schema.safeParse(100).success).toBe(true);
      expect(schema.safeParse(150).success).toBe(false);
      expect(schema.safeParse(-20).success).toBe(false);
    }
  });

  it('loading refuses the lines with 150 and −20 (a problem each), the rest of the file loads', async () => {
    dir = await mkdtemp(join(tmpdir(), 'figboard-bounds-'));
    await cp(join(ROOT, 'suites', 'refig-sample'), join(dir, 'suites', 'refig-sample'), {
      recursive: true,
    });
    const sub = join(dir, 'submissions', 'sample-cc-direct');
    await cp(SAMPLE, sub, { recursive: true });
    const records = await sampleRecords();
    records[0]!.subscores!.S = 150;
    records[1]!.subscores!.T = -20;
    await writeFile(join(sub, RUN), `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const inputs = await loadLeaderboardInputs({
      submissionsDir: join(dir, 'submissions'),
      suitesDir: join(dir, 'suites'),
      annotationsDir: join(dir, 'annotations'),
    });
    const bounds = inputs.problems.filter((p) => p.rule === 'jsonl-schema');
    expect(bounds.map((p) => [p.file, p.line])).toEqual([
      ['submissions/sample-cc-direct/results/judgments/metric/run-1.jsonl', 1],
      ['submissions/sample-cc-direct/results/judgments/metric/run-1.jsonl', 2],
    ]);
    expect(bounds[0]!.message).toMatch(/S must lie in \[0, 30\].*got 150/);
    expect(bounds[1]!.message).toMatch(/T must lie in \[0, 20\].*got -20/);
    const loaded = inputs.submissions[0]!.judgments[0]!.records;
    expect(loaded.map((r) => r.task)).toEqual(records.slice(2).map((r) => r.task));
    // No loaded score lies outside the rubric, so no mean can leave [0, 100].
    const { leaderboard } = buildLeaderboard(inputs, {
      primaryJudge: 'metric',
      generatorVersion: 'test',
      bootstrapResamples: 100,
    });
    const row = leaderboard.configurations[0]!;
    expect(row.mean).toBeGreaterThanOrEqual(0);
    expect(row.axes.S).toBeLessThanOrEqual(30);
  });
});
