import { describe, expect, it } from 'vitest';
import { bootstrapRanks } from '../stats/bootstrap-ranks.ts';
import { bootstrapResampledMeans, percentileInterval } from '../stats/bootstrap-mean-ci.ts';
import { createRng } from '../stats/create-rng.ts';
import { boardInputs, withMean } from './board-inputs.testkit.ts';
import { buildLeaderboard } from './build-leaderboard.ts';

const TASKS = Array.from({ length: 60 }, (_, i) => `t${String(i).padStart(2, '0')}`);

function config(submission: string, model: string, scores: number[]) {
  return {
    submission,
    model,
    harness: 'Claude Code',
    workflow: 'direct' as const,
    judgments: { metric: [scores] },
  };
}

describe('rank uncertainty in leaderboard.json', () => {
  it('two configurations 0.1 points apart with wide intervals are tied; a clearly better one is alone', () => {
    // Wide: per-task scores spread ±25 around their means, so each mean's CI spans ~±6 points.
    const inputs = boardInputs(TASKS, [
      config('close-a', 'Model A', withMean(60, 60.1, 25, 0.3)),
      config('close-b', 'Model B', withMean(60, 60.0, 25, 1.9)),
      config('clear-top', 'Model C', withMean(60, 85, 3, 0.7)),
    ]);
    const { leaderboard } = buildLeaderboard(inputs, {
      primaryJudge: 'metric',
      generatorVersion: 'test',
      bootstrapResamples: 2000,
    });
    const rows = leaderboard.configurations.map((r) => ({
      id: r.id,
      mean: r.mean,
      rank: r.rank,
      rankInterval: r.rankInterval,
      tieGroup: r.tieGroup,
      tiedWith: r.tiedWith,
    }));
    expect(rows).toEqual([
      {
        id: 'model-c@model-c-snapshot__claude-code@1.0.0__python-pptx',
        mean: 85,
        rank: 1,
        rankInterval: [1, 1],
        tieGroup: 1,
        tiedWith: [],
      },
      {
        id: 'model-a@model-a-snapshot__claude-code@1.0.0__python-pptx',
        mean: 60.1,
        rank: 2,
        rankInterval: [2, 3],
        tieGroup: 2,
        tiedWith: ['model-b@model-b-snapshot__claude-code@1.0.0__python-pptx'],
      },
      {
        id: 'model-b@model-b-snapshot__claude-code@1.0.0__python-pptx',
        mean: 60,
        rank: 3,
        rankInterval: [2, 3],
        tieGroup: 2,
        tiedWith: ['model-a@model-a-snapshot__claude-code@1.0.0__python-pptx'],
      },
    ]);
    // The CIs really are wide: each spans several points around its mean.
    for (const r of leaderboard.configurations.slice(1))
      expect(r.ci![1] - r.ci![0]).toBeGreaterThan(5);
  });

  it('uses the resamples of the mean CIs: a rank is read off the very means the CIs are built from', () => {
    const a = Float64Array.from(withMean(40, 50, 10, 0.1));
    const b = Float64Array.from(withMean(40, 49.5, 10, 2.2));
    const B = 400;
    const ranks = bootstrapRanks([a, b], [50, 49.5], createRng(7), { resamples: B });
    // Each configuration's CI draws from a fresh RNG with the same seed: these are its resampled means.
    const [ma] = bootstrapResampledMeans([a], createRng(7), B);
    const [mb] = bootstrapResampledMeans([b], createRng(7), B);
    const rankOfA = Array.from(ma!, (v, r) => (mb![r]! > v ? 2 : 1)).sort();
    expect(ranks[0]!.interval).toEqual([
      rankOfA[Math.floor(0.025 * B)]!,
      rankOfA[Math.ceil(0.975 * B) - 1]!,
    ]);
    const diff = percentileInterval(Float64Array.from(ma!, (v, r) => v - mb![r]!));
    expect(ranks[0]!.tiedWith).toEqual(diff[0] <= 0 && diff[1] >= 0 ? [1] : []);
    expect(bootstrapRanks([a, b], [50, 49.5], createRng(7), { resamples: B })).toEqual(ranks);
  });

  it('groups by the leader: A ≈ B and B ≈ C do not chain A with a clearly worse C', () => {
    // C carries A's task noise exactly (A − C = 2 on every task) while B's noise is its own, so
    // A−B and B−C are uncertain and A−C is not.
    const n = 120;
    const base = Array.from({ length: n }, (_, i) => 50 + 20 * Math.sin(i * 1.3));
    const u = withMean(n, 0, 12, 0.4);
    const w = withMean(n, 0, 12, 2.5);
    const A = Float64Array.from(base, (v, i) => v + 2 + u[i]!);
    const Bc = Float64Array.from(base, (v, i) => v + 1 + w[i]!);
    const C = Float64Array.from(base, (v, i) => v + u[i]!);
    const cols = [A, Bc, C];
    const means = cols.map((c) => c.reduce((s, v) => s + v, 0) / n);
    const r = bootstrapRanks(cols, means, createRng(7), { resamples: 2000 });
    expect(r.map((x) => x.tiedWith)).toEqual([[1], [0, 2], [1]]);
    expect(r.map((x) => x.group)).toEqual([1, 1, 2]);
    expect(r[0]!.interval[0]).toBe(1);
    expect(r[2]!.interval[0]).toBeGreaterThan(1);
  });
});
