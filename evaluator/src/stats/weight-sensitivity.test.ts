import { describe, expect, it } from 'vitest';
import { pearson, spearman } from './rank-correlation.ts';
import { DEFAULT_RUBRIC } from '../judge/rubric.ts';
import {
  editabilitySweepWeights,
  editabilityZeroCrossing,
  sweepLine,
  sweepZeroCrossing,
  table21Variants,
  weightedTotal,
} from './weight-sensitivity.ts';
import type { AxisRecord } from './axes.ts';

// The rubric the paper's numbers were scored under (the one definition of its maxima).
const R = DEFAULT_RUBRIC;
const TABLE21_VARIANTS = table21Variants(R);
/** A paired effect under `weights` from its per-axis mean deltas (exact without caps: linear). */
const weightedEffect = (deltas: AxisRecord, weights: AxisRecord) =>
  weightedTotal(deltas, weights, R);

// ReFigBench Table 13: per-axis paired deltas (specialized − direct), judge run 1.
const TABLE13: Record<string, AxisRecord> = {
  claude: { T: 0.507, S: -0.692, L: -0.034, E: -3.016, V: 0.186 },
  mimo: { T: 0.927, S: -0.897, L: 0.036, E: -2.477, V: 0.005 },
  minimax: { T: 1.223, S: 0.469, L: 0.482, E: -2.428, V: 0.294 },
  gptCodex: { T: 1.861, S: 1.339, L: 1.181, E: -2.067, V: 0.85 },
  gptCc: { T: 0.408, S: -0.121, L: 0.094, E: -2.877, V: 0.285 },
};

// ReFigBench Table 21: effects per variant, columns in TABLE13's order.
const TABLE21: [string, string, number[]][] = [
  ['wE=0', '26.7/40/20/0/13.3', [-0.04, 0.09, 3.29, 6.97, 0.89]],
  ['wE=5', '25.3/38/19/5/12.7', [-0.65, -0.41, 2.64, 6.21, 0.27]],
  ['wE=10', '24/36/18/10/12', [-1.25, -0.91, 1.99, 5.45, -0.35]],
  ['wE=15', '22.7/34/17/15/11.3', [-1.85, -1.41, 1.34, 4.69, -0.97]],
  ['wE=20', '21.3/32/16/20/10.7', [-2.45, -1.91, 0.69, 3.93, -1.59]],
  ['default', 'the rubric maxima', [-3.05, -2.41, 0.04, 3.16, -2.21]],
  ['wE=30', '18.7/28/14/30/9.3', [-3.65, -2.91, -0.61, 2.4, -2.83]],
  ['wE=35', '17.3/26/13/35/8.7', [-4.25, -3.41, -1.26, 1.64, -3.45]],
  ['wE=40', '16/24/12/40/8', [-4.85, -3.91, -1.91, 0.88, -4.07]],
  ['wE=15, surplus to S', '20/40/15/15/10', [-2.07, -1.71, 1.17, 4.44, -1.1]],
  ['wE=15, surplus to V', '20/30/15/15/20', [-1.66, -1.41, 1.31, 4.84, -0.78]],
  ['uniform', '20/20/20/20/20', [-2.04, -1.59, 0.82, 4.37, -1.28]],
];

describe('rubric weight sensitivity (ReFigBench Appendix M)', () => {
  it('has the twelve weight vectors of Table 21, each summing to 100', () => {
    expect(TABLE21_VARIANTS.map((v) => v.name)).toEqual(TABLE21.map((r) => r[0]));
    for (const [i, v] of TABLE21_VARIANTS.entries()) {
      const w = v.weights;
      expect(w.T + w.S + w.L + w.E + w.V).toBeCloseTo(100, 10);
      const printed = [w.T, w.S, w.L, w.E, w.V]
        .map((x) => String(Math.round(x * 10) / 10))
        .join('/');
      expect(printed).toBe(v.name === 'default' ? Object.values(R).join('/') : TABLE21[i]![1]);
    }
  });

  it('reproduces every Table 21 effect from the Table 13 per-axis deltas (±0.01)', () => {
    const pairs = Object.values(TABLE13);
    for (const [i, v] of TABLE21_VARIANTS.entries()) {
      const expected = TABLE21[i]![2];
      pairs.forEach((deltas, p) => {
        const got = weightedEffect(deltas, v.weights);
        expect(
          Math.abs(got - expected[p]!),
          `${v.name}, pair ${p}: got ${got.toFixed(3)}, paper ${expected[p]}`,
        ).toBeLessThanOrEqual(0.01);
      });
    }
  });

  it('solves the editability zero crossings 45.8 / 25.3 / 7.2 / 0.9 / below 0', () => {
    const at = (k: string) => editabilityZeroCrossing(TABLE13[k]!, R);
    expect(at('gptCodex').editabilityWeight!.toFixed(1)).toBe('45.8');
    expect(at('minimax').editabilityWeight!.toFixed(1)).toBe('25.3');
    expect(at('gptCc').editabilityWeight!.toFixed(1)).toBe('7.2');
    expect(at('mimo').editabilityWeight!.toFixed(1)).toBe('0.9');
    const claude = at('claude');
    expect(claude.editabilityWeight).toBeLessThan(0);
    expect(claude.note).toMatch(/^below 0/);
    // at the crossing the effect really is zero
    const w = at('gptCodex').editabilityWeight!;
    expect(weightedEffect(TABLE13.gptCodex!, editabilitySweepWeights(w, R))).toBeCloseTo(0, 12);
  });

  it('reproduces Table 21 rho and r from the Table 2 axis means and Table 16 Elo', () => {
    // Table 2 (T, S, L, E, V to one decimal) and Table 16 Elo, per configuration.
    const rows: [number[], number][] = [
      [[14.2, 19.9, 9.9, 20.6, 4.9], 885.5],
      [[14.7, 19.2, 9.8, 17.6, 5.1], 887.5],
      [[12.2, 17.9, 9.0, 19.6, 4.7], 738.0],
      [[13.1, 17.0, 9.0, 17.2, 4.7], 778.0],
      [[12.8, 18.7, 9.4, 20.0, 5.0], 816.7],
      [[14.1, 19.2, 9.9, 17.6, 5.3], 863.8],
      [[14.2, 22.8, 10.5, 20.7, 6.0], 1168.8],
      [[16.0, 24.2, 11.7, 18.6, 6.8], 1328.2],
      [[14.6, 22.8, 11.1, 21.1, 6.0], 1281.6],
      [[15.0, 22.6, 11.2, 18.3, 6.3], 1251.9],
    ];
    const rhoPaper = [
      0.952, 0.964, 0.988, 0.988, 1.0, 1.0, 0.964, 0.964, 0.952, 0.988, 0.988, 0.976,
    ];
    const rPaper = [
      0.973, 0.975, 0.975, 0.972, 0.967, 0.958, 0.944, 0.925, 0.9, 0.972, 0.975, 0.972,
    ];
    const axes = rows.map(([a]) => ({ T: a[0]!, S: a[1]!, L: a[2]!, E: a[3]!, V: a[4]! }));
    const elo = rows.map(([, e]) => e);
    const defaults = axes.map((a) => weightedTotal(a, TABLE21_VARIANTS[5]!.weights, R));
    for (const [i, v] of TABLE21_VARIANTS.entries()) {
      const means = axes.map((a) => weightedTotal(a, v.weights, R));
      // Table 2 is rounded to 0.1, so r matches to ±0.005; rho is exact except for the uniform
      // variant, where the rounding turns the paper's near-tie between two mid-table configurations.
      expect(Math.abs(pearson(means, elo)! - rPaper[i]!), v.name).toBeLessThanOrEqual(0.005);
      if (v.name !== 'uniform')
        expect(spearman(means, defaults)!.toFixed(3), v.name).toBe(rhoPaper[i]!.toFixed(3));
    }
  });

  it('finds the exact crossing when flattening caps bend the sweep', () => {
    // Three tasks; the "to" side's second artifact is capped at 50.
    const from = [
      { T: 10, S: 15, L: 8, E: 20, V: 5 },
      { T: 12, S: 20, L: 9, E: 22, V: 5 },
      { T: 8, S: 10, L: 6, E: 18, V: 4 },
    ];
    const to = [
      { T: 16, S: 24, L: 12, E: 5, V: 8 },
      { T: 19, S: 29, L: 14, E: 2, V: 9 },
      { T: 14, S: 20, L: 10, E: 8, V: 7 },
    ];
    const caps = [100, 50, 100];
    const lines = (side: AxisRecord[], cap: number[]) => {
      const l = side.map((a) => sweepLine(a, R));
      return {
        alpha: Float64Array.from(l.map((x) => x.alpha)),
        slope: Float64Array.from(l.map((x) => x.slope)),
        cap: Float64Array.from(cap),
      };
    };
    const result = sweepZeroCrossing(lines(from, [100, 100, 100]), lines(to, caps));
    // brute force: the effect recomputed from the definition at the reported weight is 0
    const effectAt = (wE: number) => {
      const w = editabilitySweepWeights(wE, R);
      let s = 0;
      for (let i = 0; i < 3; i++)
        s += Math.min(weightedTotal(to[i]!, w, R), caps[i]!) - weightedTotal(from[i]!, w, R);
      return s / 3;
    };
    expect(result.editabilityWeight).not.toBeNull();
    expect(result.editabilityWeight!).toBeGreaterThan(0);
    expect(result.editabilityWeight!).toBeLessThan(100);
    expect(effectAt(result.editabilityWeight!)).toBeCloseTo(0, 9);
    expect(Math.sign(effectAt(result.editabilityWeight! - 1))).not.toBe(
      Math.sign(effectAt(result.editabilityWeight! + 1)),
    );
  });

  it('reports an effect that does not depend on editability as having no crossing', () => {
    const r = editabilityZeroCrossing({ T: 1, S: 0, L: 0, E: 0.8, V: 0 }, R);
    // T gains 1/20 per point and E 0.8/25 = 0.032 per point: positive everywhere in [0, 100]
    expect(r.note).toMatch(/keeps its sign|no crossing/);
    expect(editabilityZeroCrossing({ T: 0, S: 0, L: 0, E: 0, V: 0 }, R)).toEqual({
      editabilityWeight: null,
      note: 'no crossing: the effect is zero for every editability weight',
    });
  });
});

describe('the Table 21 variants follow the rubric they are built from', () => {
  it('other maxima give the same construction: sweep in the default proportions, surplus to S or V, uniform', () => {
    const other = { T: 25, S: 25, L: 15, E: 30, V: 5 };
    const v = Object.fromEntries(table21Variants(other).map((x) => [x.name, x.weights]));
    expect(v.default).toEqual(other);
    expect(v['wE=15, surplus to S']).toEqual({ T: 25, S: 40, L: 15, E: 15, V: 5 });
    expect(v['wE=15, surplus to V']).toEqual({ T: 25, S: 25, L: 15, E: 15, V: 20 });
    expect(v.uniform).toEqual({ T: 20, S: 20, L: 20, E: 20, V: 20 });
    const w0 = v['wE=0']!;
    expect(w0.T / w0.S).toBeCloseTo(other.T / other.S, 12);
    expect(w0.T + w0.S + w0.L + w0.V).toBeCloseTo(100, 12);
  });
});
