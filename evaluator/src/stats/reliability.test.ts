import { describe, expect, it } from 'vitest';
import { cohenKappa } from './cohen-kappa.ts';
import { directionAgreement, judgeLabel } from './direction-agreement.ts';
import { icc21 } from './icc.ts';
import { kendallTauB, pearson, spearman } from './rank-correlation.ts';

describe('judge reliability statistics', () => {
  it('ICC(2,1) matches Shrout & Fleiss (1979), Table 2 data: 0.29', () => {
    // 6 targets × 4 judges, the textbook example; ICC(2,1) = .29 in the paper.
    const rows = [
      [9, 2, 5, 8],
      [6, 1, 3, 2],
      [8, 4, 6, 8],
      [7, 1, 2, 6],
      [10, 5, 6, 9],
      [6, 2, 4, 7],
    ];
    const { icc, n } = icc21(rows, 4);
    expect(n).toBe(6);
    expect(icc!).toBeCloseTo(0.2898, 4);
    // perfectly repeatable raters → 1; an incomplete row is skipped
    expect(
      icc21(
        [
          [1, 1],
          [5, 5],
          [9, 9],
          [3, Number.NaN],
        ],
        2,
      ),
    ).toEqual({ icc: 1, n: 3 });
    expect(icc21([[1], [2]], 1).icc).toBeNull();
  });

  it('reproduces the judge-family agreement of ReFigBench (Spearman 0.988, Kendall 0.956)', () => {
    // Three-run means, Table 18 (GPT-5.4) and Table 20 (Qwen3.6-27B), same row order.
    const gpt = [77.377, 75.456, 74.01, 73.441, 69.412, 66.251, 66.033, 65.993, 63.268, 60.83];
    const qwen = [91.511, 87.148, 85.93, 85.064, 82.542, 80.364, 78.86, 74.332, 69.752, 69.827];
    expect(spearman(gpt, qwen)!.toFixed(3)).toBe('0.988');
    expect(kendallTauB(gpt, qwen)!.toFixed(3)).toBe('0.956');
  });

  it('reproduces rubric mean vs human Elo (Pearson 0.958, Spearman 0.964; Tables 12 and 16)', () => {
    const means = [77.361, 75.635, 74.197, 73.424, 69.411, 66.362, 66.13, 66.09, 63.373, 60.967];
    const elo = [1328.2, 1281.6, 1168.8, 1251.9, 885.5, 887.5, 863.8, 816.7, 738.0, 778.0];
    expect(pearson(means, elo)!.toFixed(3)).toBe('0.958');
    expect(spearman(means, elo)!.toFixed(3)).toBe('0.964');
  });

  it('Kendall tau-b by hand, with ties', () => {
    // C = 6, D = 4 over 10 pairs
    expect(kendallTauB([1, 2, 3, 4, 5], [3, 4, 1, 2, 5])).toBeCloseTo(0.2, 12);
    // one tie in x: C = 5, D = 0, tiesX = 1 → 5 / sqrt(5 · 6)
    expect(kendallTauB([1, 1, 2, 3], [1, 2, 3, 4])).toBeCloseTo(5 / Math.sqrt(30), 12);
    expect(kendallTauB([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1, 2], [3, 4])).toBeNull();
  });

  it("Cohen's kappa by hand", () => {
    // 10 items, 7 agreements; marginals A: 5/5 vs B-rater 6/4 → pe = .5·.6 + .5·.4 = .5
    const a = ['A', 'A', 'A', 'A', 'A', 'B', 'B', 'B', 'B', 'B'];
    const b = ['A', 'A', 'A', 'A', 'B', 'A', 'A', 'B', 'B', 'B'];
    const { kappa, agreement } = cohenKappa(a, b);
    expect(agreement).toBeCloseTo(0.7, 12);
    expect(kappa).toBeCloseTo((0.7 - 0.5) / 0.5, 12);
    expect(cohenKappa(['A'], ['A']).kappa).toBeNull();
    expect(judgeLabel(1.5, 2)).toBe('tie');
    expect(judgeLabel(-2.5, 2)).toBe('B');
    expect(judgeLabel(0.5, 0)).toBe('A');
  });

  it('buckets direction agreement by absolute margin; zero margins count against unless excluded', () => {
    const pairs = [
      { choice: 'A' as const, margin: 0 },
      { choice: 'A' as const, margin: 1.5 },
      { choice: 'B' as const, margin: 3 },
      { choice: 'B' as const, margin: -7 },
      { choice: 'A' as const, margin: 10 },
      { choice: 'A' as const, margin: 25 },
    ];
    expect(directionAgreement(pairs, false)).toMatchInlineSnapshot(`
      [
        {
          "agree": 0.5,
          "bucket": "[0,2)",
          "n": 2,
        },
        {
          "agree": 0,
          "bucket": "[2,5)",
          "n": 1,
        },
        {
          "agree": 1,
          "bucket": "[5,10)",
          "n": 1,
        },
        {
          "agree": 1,
          "bucket": "[10,inf)",
          "n": 2,
        },
        {
          "agree": 0.6666666666666666,
          "bucket": "all",
          "n": 6,
        },
      ]
    `);
    const excluded = directionAgreement(pairs, true);
    expect(excluded[0]).toEqual({ bucket: '[0,2)', n: 1, agree: 1 });
    expect(excluded[4]!.n).toBe(5);
  });
});
