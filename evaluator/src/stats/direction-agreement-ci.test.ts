import { describe, expect, it } from 'vitest';
import { clusterBootstrapRatioCis, type ClusterCounts } from './cluster-bootstrap-ratios.ts';
import { createRng } from './create-rng.ts';
import { directionAgreement } from './direction-agreement.ts';
import { directionAgreementCis, type ClusteredDecisivePair } from './direction-agreement-ci.ts';

/** One ratio (G = 1) from per-cluster [num, den] pairs. */
const oneRatio = (clusters: [number, number][]): ClusterCounts => ({
  clusters: clusters.length,
  groups: 1,
  num: Float64Array.from(clusters.map((c) => c[0])),
  den: Float64Array.from(clusters.map((c) => c[1])),
});

describe('cluster bootstrap of ratios', () => {
  it('matches the enumerated bootstrap distribution of two clusters', () => {
    // Clusters A = 3/4 and B = 1/4. Drawing two clusters: AA → 6/8 (p 1/4), AB → 4/8 (p 1/2),
    // BB → 2/8 (p 1/4). The 2.5% and 97.5% quantiles of 5,000 draws are BB and AA.
    const [ci] = clusterBootstrapRatioCis(
      oneRatio([
        [3, 4],
        [1, 4],
      ]),
      createRng(20260721),
      { resamples: 5000 },
    );
    expect(ci).toEqual([0.25, 0.75]);
  });

  it('is a ratio of sums over the drawn clusters, not a mean of per-cluster ratios', () => {
    // A = 2/2, B = 0/6: AA → 1 (1/4), AB → 2/8 = 0.25 (1/2), BB → 0 (1/4). The central 40%
    // (quantiles 0.3 and 0.7) lies entirely on AB = 0.25; a mean of ratios would give 0.5 there.
    const [ci] = clusterBootstrapRatioCis(
      oneRatio([
        [2, 2],
        [0, 6],
      ]),
      createRng(1),
      { resamples: 4000, level: 0.4 },
    );
    expect(ci).toEqual([0.25, 0.25]);
  });

  it('gives null without a denominator, the point value with one cluster, and skips empty resamples', () => {
    const counts: ClusterCounts = {
      clusters: 1,
      groups: 2,
      num: Float64Array.from([1, 0]),
      den: Float64Array.from([4, 0]),
    };
    expect(clusterBootstrapRatioCis(counts, createRng(7), { resamples: 100 })).toEqual([
      [0.25, 0.25],
      null,
    ]);
    // the second ratio only has data in cluster 0: resamples without it are skipped, not 0/0
    const sparse: ClusterCounts = {
      clusters: 2,
      groups: 2,
      num: Float64Array.from([1, 1, 1, 0]),
      den: Float64Array.from([2, 1, 2, 0]),
    };
    const [, second] = clusterBootstrapRatioCis(sparse, createRng(7), { resamples: 2000 });
    expect(second).toEqual([1, 1]);
  });

  it('widens when agreement is correlated within clusters', () => {
    // 30 annotations, 20 agreeing: as 30 one-annotation tasks, and as 3 tasks of 10 that agree
    // (or not) together. The clustered interval must be much wider.
    const singles = oneRatio(
      Array.from({ length: 30 }, (_, i): [number, number] => [i < 20 ? 1 : 0, 1]),
    );
    const grouped = oneRatio([
      [10, 10],
      [10, 10],
      [0, 10],
    ]);
    const [a] = clusterBootstrapRatioCis(singles, createRng(3), { resamples: 3000 });
    const [b] = clusterBootstrapRatioCis(grouped, createRng(3), { resamples: 3000 });
    expect(b![1] - b![0]).toBeGreaterThan(2 * (a![1] - a![0]));
    expect(b).toEqual([0, 1]);
  });
});

/** Decisive pairs from (margin, choice, task, group) tuples. */
const pairs = (rows: [number, 'A' | 'B', string, string?][]): ClusteredDecisivePair[] =>
  rows.map(([margin, choice, cluster, group]) => ({ margin, choice, cluster, group }));

describe('direction agreement with cluster-bootstrap intervals', () => {
  const sample = pairs([
    [1, 'A', 't1', 'workflow'],
    [-3, 'A', 't1', 'workflow'],
    [6, 'A', 't2', 'cross'],
    [12, 'A', 't2', 'cross'],
    [-12, 'B', 't3', 'cross'],
    [0, 'B', 't3', 'cross'],
    [-0.5, 'A', 't4'],
  ]);

  it('keeps the point estimates of directionAgreement and adds an interval around each', () => {
    for (const excludeZero of [false, true]) {
      const { byMargin } = directionAgreementCis(
        sample,
        { excludeZero, groups: ['workflow', 'cross'] },
        createRng(20260721),
        { resamples: 2000 },
      );
      expect(byMargin.map(({ ci: _ci, ...rest }) => rest)).toEqual(
        directionAgreement(sample, excludeZero),
      );
      for (const row of byMargin) {
        if (row.n === 0) expect(row.ci).toBeNull();
        else expect(row.ci![0]).toBeLessThanOrEqual(row.agree!);
        if (row.n > 0) expect(row.ci![1]).toBeGreaterThanOrEqual(row.agree!);
      }
    }
  });

  it('counts by hand: buckets, overall and matchups', () => {
    const { byMargin, byGroup } = directionAgreementCis(
      sample,
      { excludeZero: false, groups: ['workflow', 'cross', 'none'] },
      createRng(20260721),
      { resamples: 2000 },
    );
    // [0,2): 1 A ✓, 0 B ✗ (a zero margin never agrees), −0.5 A ✗ → 1/3
    expect(byMargin.map((b) => [b.bucket, b.n, b.agree])).toEqual([
      ['[0,2)', 3, 1 / 3],
      ['[2,5)', 1, 0],
      ['[5,10)', 1, 1],
      ['[10,inf)', 2, 1],
      ['all', 7, 4 / 7],
    ]);
    // workflow: 1 ✓, −3 A ✗ → 1/2; cross: 6 ✓, 12 ✓, −12 B ✓, 0 ✗ → 3/4; t4 has no group
    expect(byGroup.map((g) => [g.group, g.n, g.agree])).toEqual([
      ['workflow', 2, 0.5],
      ['cross', 4, 0.75],
      ['none', 0, null],
    ]);
    expect(byGroup[2]!.ci).toBeNull();
    // the workflow pairs sit in one task: every resample has 0, 1 or 2 copies of it
    expect(byGroup[0]!.ci).toEqual([0.5, 0.5]);
    // a bucket whose pairs all sit in one task (t2 holds the only [5,10) pair) can only be 1
    expect(byMargin[2]!.ci).toEqual([1, 1]);
  });

  it('does not depend on the order of the pairs and is reproducible for a seed', () => {
    const opts = { excludeZero: true, groups: ['workflow', 'cross'] };
    const a = directionAgreementCis(sample, opts, createRng(9), { resamples: 1500 });
    const b = directionAgreementCis([...sample].reverse(), opts, createRng(9), { resamples: 1500 });
    expect(b).toEqual(a);
    expect(directionAgreementCis(sample, opts, createRng(10), { resamples: 1500 })).not.toEqual(a);
  });

  it('is consistent with ReFigBench Appendix K and Table 17, and reproduces the width of its interval', () => {
    // Table 17 (decisive N and agreement per margin bucket) gives 143/306, 355/610, 573/816 and
    // 1094/1258 agreements: 2,165 of 2,990 = 72.4% overall. "Matchup composition": 836 decisive
    // annotations within a model and harness at 65.1% (544) and 2,154 across at 75.3% (1,621):
    // the same 2,165. Spread over 993 source tasks (4,270 annotations in the paper), the cluster
    // bootstrap (5,000 resamples, seed 20260721) should give about the published [70.7, 74.1].
    const buckets: [number, number, number][] = [
      [1, 306, 143],
      [3, 610, 355],
      [7, 816, 573],
      [15, 1258, 1094],
    ];
    const items: { margin: number; agree: boolean }[] = [];
    for (const [m, n, k] of buckets)
      for (let i = 0; i < n; i++) items.push({ margin: m, agree: i < k });
    // a fixed interleaving so the matchups and tasks mix buckets and outcomes
    const order = items
      .map((_, i) => i)
      .sort((x, y) => ((x * 2654435761) % 2990) - ((y * 2654435761) % 2990) || x - y);
    let workflowAgree = 0;
    let workflowDisagree = 0;
    const decisive: ClusteredDecisivePair[] = order.map((idx, rank) => {
      const it = items[idx]!;
      let group = 'cross';
      if (it.agree && workflowAgree < 544) {
        workflowAgree++;
        group = 'workflow';
      } else if (!it.agree && workflowDisagree < 292) {
        workflowDisagree++;
        group = 'workflow';
      }
      return {
        margin: it.agree ? it.margin : -it.margin,
        choice: 'A',
        cluster: `task-${rank % 993}`,
        group,
      };
    });
    const { byMargin, byGroup } = directionAgreementCis(
      decisive,
      { excludeZero: false, groups: ['workflow', 'cross'] },
      createRng(20260721),
      { resamples: 5000 },
    );
    const pct = (x: number | null) => (100 * x!).toFixed(1);
    expect(byMargin.map((b) => [b.bucket, b.n, pct(b.agree)])).toEqual([
      ['[0,2)', 306, '46.7'],
      ['[2,5)', 610, '58.2'],
      ['[5,10)', 816, '70.2'],
      ['[10,inf)', 1258, '87.0'],
      ['all', 2990, '72.4'],
    ]);
    expect(byGroup.map((g) => [g.group, g.n, pct(g.agree)])).toEqual([
      ['workflow', 836, '65.1'],
      ['cross', 2154, '75.3'],
    ]);
    const [lo, hi] = byMargin[4]!.ci!;
    // the paper's annotations are not independent within tasks; ours are, so allow 0.4 points
    expect(Math.abs(100 * lo - 70.7)).toBeLessThan(0.4);
    expect(Math.abs(100 * hi - 74.1)).toBeLessThan(0.4);
  });
});
