import { describe, expect, it } from 'vitest';
import { StyleRecord } from '../schemas/style-record.schema.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import { scorersFor } from '../scorers/record-scorers.ts';
import { SCORER_VERSIONS } from '../scorers/scorer-registry.ts';
import { boardInputs } from './board-inputs.testkit.ts';
import { buildLeaderboard } from './build-leaderboard.ts';
import type { LeaderboardInputs } from './leaderboard-inputs.ts';

const options = {
  primaryJudge: 'metric',
  generatorVersion: 'test',
  bootstrapResamples: 200,
  eloResamples: 50,
};
const TASKS = ['t1', 't2', 't3', 't4'];

describe('hidden tasks on the board (issue 16 item 3)', () => {
  it('a hidden refig task without a record is not scored: counted, left out of the mean, never 0', () => {
    // A's run had no key: no records for the hidden t3, t4. B's had: all four.
    const inputs = boardInputs(TASKS, [
      {
        submission: 'a',
        model: 'm1',
        harness: 'h',
        workflow: 'direct',
        judgments: { metric: [[80, 60]] },
      },
      {
        submission: 'b',
        model: 'm2',
        harness: 'h',
        workflow: 'direct',
        judgments: { metric: [[70, 50, 40, 20]] },
      },
    ]);
    // boardInputs writes one record per verdict: a's file holds t1, t2 only.
    const open = buildLeaderboard(inputs, options).leaderboard;
    const rowOf = (board: typeof open, sub: string) =>
      board.configurations.find((c) => c.submissions.includes(sub))!;
    // Without a hidden split, absent records are missing tasks: 0 in the mean.
    expect(rowOf(open, 'a')).toMatchObject({ n: 4, missing: 2, mean: 35 });
    expect(rowOf(open, 'a').notScored).toBeUndefined();

    inputs.suites[0]!.sealedTasks = ['t3', 't4'];
    const hidden = buildLeaderboard(inputs, options).leaderboard;
    expect(rowOf(hidden, 'a')).toMatchObject({
      n: 4,
      missing: 0,
      notScored: 2,
      scored: 2,
      mean: 70,
    });
    // An entry with records for its hidden tasks is scored on all of them.
    expect(rowOf(hidden, 'b')).toMatchObject({ n: 4, scored: 4, mean: 45 });
    expect(rowOf(hidden, 'b').notScored).toBeUndefined();
  });

  it('a refig row on a suite with a hidden split reports each split and the public − hidden gap with a CI', () => {
    const tasks = ['p1', 'p2', 'p3', 'p4', 'h1', 'h2', 'h3'];
    const inputs = boardInputs(tasks, [
      {
        submission: 'tuned',
        model: 'm1',
        harness: 'h',
        workflow: 'direct',
        judgments: { metric: [[95, 90, 92, 94, 40, 45, 50]] },
      },
    ]);
    inputs.suites[0]!.sealedTasks = ['h1', 'h2', 'h3'];
    const row = buildLeaderboard(inputs, options).leaderboard.configurations[0]!;
    expect(row.splits).toMatchObject({
      public: { tasks: 4, scored: 4, mean: 92.75 },
      hidden: { tasks: 3, scored: 3, mean: 45 },
      gap: { mean: 47.75 },
    });
    const [lo, hi] = row.splits!.gap!.ci!;
    expect(lo).toBeGreaterThan(0);
    expect(hi).toBeGreaterThanOrEqual(47.75);
    // Without a hidden split there is nothing to split.
    inputs.suites[0]!.sealedTasks = [];
    expect(buildLeaderboard(inputs, options).leaderboard.configurations[0]!.splits).toBeUndefined();
  });

  it('the metric judge ranks only tasks with checked truth: the rest are an unverified preview', () => {
    const inputs = boardInputs(TASKS, [
      {
        submission: 'a',
        model: 'm1',
        harness: 'h',
        workflow: 'direct',
        judgments: { metric: [[80, 60, 40, 20]], 'gpt-judge': [[70, 70, 70, 70]] },
      },
    ]);
    inputs.suites[0]!.verified = [true, true, false, false];
    const board = buildLeaderboard(inputs, { ...options, primaryJudge: 'metric' }).leaderboard;
    const metric = board.configurations.find((c) => c.judge === 'metric')!;
    expect(metric).toMatchObject({ n: 4, unverified: 2, scored: 2, checkedTruth: 2, mean: 70 });
    // LLM judges look at both images: they may score every task.
    const llm = board.configurations.find((c) => c.judge === 'gpt-judge')!;
    expect(llm).toMatchObject({ scored: 4, checkedTruth: null, mean: 70 });
    expect(llm.unverified).toBeUndefined();
    expect(board.suites[0]).toMatchObject({ verified: 2 });
    const t3 = board.tasks.find((t) => t.id === 't3')!;
    expect(t3.verified).toBe(false);
    expect(t3.results[0]).toMatchObject({ final: null, preview: 40 });
  });

  it('style rows leave a hidden task without a record out of n and of S, and count it', () => {
    const suite = SuiteManifest.parse({
      name: 'style-h',
      version: '1.0.0',
      track: 'style',
      description: 'test',
      taskCount: 3,
      tasks: ['s1', 's2', 's3'],
      licensePolicy: 'test',
      imageStats: null,
    });
    const rec = (task: string, S: number) =>
      StyleRecord.parse({
        task,
        submission: 'x',
        split: 'augmented',
        status: 'ok',
        S,
        code: S,
        vision: S,
        criteria: { met: 0, total: 1, details: [] },
        defects: [],
        failure: null,
        scorers: scorersFor('style', SCORER_VERSIONS),
        inputHash: task,
      });
    const inputs: LeaderboardInputs = {
      submissions: [
        {
          id: 'x',
          manifest: SubmissionManifest.parse({
            id: 'x',
            track: 'style',
            suite: { name: 'style-h', version: '1.0.0' },
            team: 't',
            contact: 'c@example.org',
            model: { name: 'm', provider: 'p', snapshot: 's' },
            harness: { name: 'h', version: '1' },
            workflow: { name: 'w', kind: 'direct' },
            attempts: 1,
            date: '2026-01-01',
            license: 'MIT',
          }),
          judgments: [],
          artifacts: [],
          effort: [],
          style: [rec('s1', 80), rec('s2', 40)],
        },
      ],
      suites: [
        {
          manifest: suite,
          fields: [null, null, null],
          splits: ['augmented', 'augmented', 'augmented'],
          sealedTasks: ['s2', 's3'],
        },
      ],
      annotations: [],
      files: [],
      problems: [],
    };
    const all = buildLeaderboard(inputs, options).leaderboard.style.find((s) => s.split === 'all')!;
    expect(all).toMatchObject({ n: 2, notScored: 1, S: 60 });
    inputs.suites[0]!.sealedTasks = [];
    const open = buildLeaderboard(inputs, options).leaderboard.style.find(
      (s) => s.split === 'all',
    )!;
    expect(open).toMatchObject({ n: 3, S: 40 });
    expect(open.notScored).toBeUndefined();
  });
});
