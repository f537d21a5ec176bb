import { describe, expect, it } from 'vitest';
import { boardInputs, withMean } from './board-inputs.testkit.ts';
import { buildLeaderboard } from './build-leaderboard.ts';

const TASKS = Array.from({ length: 12 }, (_, i) => `t${String(i).padStart(2, '0')}`);

/**
 * Issue 22: a configuration whose judge failed on every task was ranked with mean 0 and CI
 * [0, 0], with no problem reported, and its workflow effect read Δ 0 over 0 tasks. The board
 * here has two honest configurations and one (`all-failed`, the specialized side of Model A's
 * workflow pair) whose metric judge failed on every task in both runs.
 */
describe('a board where one configuration’s judge failed on every task', () => {
  const failed = TASKS.map(() => 'failed' as const);
  const inputs = boardInputs(TASKS, [
    {
      submission: 'direct-a',
      model: 'Model A',
      harness: 'Claude Code',
      workflow: 'direct',
      judgments: { metric: [withMean(12, 55, 10, 0.2), withMean(12, 56, 10, 0.9)] },
    },
    {
      submission: 'all-failed',
      model: 'Model A',
      harness: 'Claude Code',
      workflow: 'specialized',
      judgments: { metric: [failed, failed] },
    },
    {
      submission: 'direct-b',
      model: 'Model B',
      harness: 'Claude Code',
      workflow: 'direct',
      judgments: { metric: [withMean(12, 40, 10, 1.3), withMean(12, 41, 10, 2.1)] },
    },
  ]);
  const { leaderboard, problems } = buildLeaderboard(inputs, {
    primaryJudge: 'metric',
    generatorVersion: 'test',
    bootstrapResamples: 500,
  });
  const row = (submission: string) =>
    leaderboard.configurations.find((r) => r.submissions.includes(submission))!;

  it('shows the row with null mean, CI and rank, and ranks the others without it', () => {
    expect(row('all-failed')).toMatchObject({
      judgeFailures: 12,
      scored: 0,
      mean: null,
      ci: null,
      rank: null,
    });
    expect([row('direct-a').rank, row('direct-b').rank]).toEqual([1, 2]);
  });

  it('lists a problem naming the configuration', () => {
    const p = problems.filter((x) => x.rule === 'configuration-nothing-scored');
    expect(p).toHaveLength(1);
    expect(p[0]!.file).toBe('submissions/all-failed/results/judgments/metric');
    expect(p[0]!.message).toContain('12 judge failure(s)');
    expect((leaderboard.problems ?? []).map((x) => x.rule)).toContain(
      'configuration-nothing-scored',
    );
  });

  it('states no paired effect for it (no Δ 0 over 0 tasks), nor a run-to-run ranking', () => {
    const id = row('all-failed').id;
    expect(leaderboard.pairedEffects.filter((e) => e.from === id || e.to === id)).toEqual([]);
    const stability = leaderboard.runStability ?? [];
    expect(stability.length).toBeGreaterThan(0);
    for (const s of stability) {
      for (const r of s.rankings) expect(r.order).not.toContain(id);
      for (const e of s.effects) expect([e.from, e.to]).not.toContain(id);
    }
  });
});
