import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapMeanCi, bootstrapMeanCis } from './bootstrap-mean-ci.ts';
import { bootstrapWeightedMeanCis } from './bootstrap-weighted-means.ts';
import { createRng } from './create-rng.ts';
import { pairedEffect } from './paired-effect.ts';
import { summarizeScores } from './summarize-scores.ts';

const scores = fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 5, maxLength: 60 });

describe('createRng (mulberry32)', () => {
  it('is deterministic per seed, uniform enough, and in [0, 1)', () => {
    const a = createRng(7);
    const b = createRng(7);
    const c = createRng(8);
    const xs = Array.from({ length: 20000 }, () => a.next());
    expect(Array.from({ length: 20000 }, () => b.next())).toEqual(xs);
    expect(c.next()).not.toBe(xs[0]);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.49);
    expect(mean).toBeLessThan(0.51);
    const buckets = new Array(10).fill(0);
    const r = createRng(1);
    for (let i = 0; i < 10000; i++) buckets[r.int(10)]++;
    for (const n of buckets) expect(Math.abs(n - 1000)).toBeLessThan(120);
  });
});

describe('bootstrap intervals', () => {
  it('contain the mean', () => {
    fc.assert(
      fc.property(scores, fc.integer({ min: 0, max: 2 ** 31 }), (values, seed) => {
        const mean = values.reduce((s, v) => s + v, 0) / values.length;
        const [lo, hi] = bootstrapMeanCi(values, createRng(seed), { resamples: 400 });
        expect(lo).toBeLessThanOrEqual(mean + 1e-9);
        expect(hi).toBeGreaterThanOrEqual(mean - 1e-9);
      }),
      { numRuns: 80, seed: 7 },
    );
  });

  it('shrink with more tasks', () => {
    fc.assert(
      fc.property(
        scores.filter((v) => new Set(v).size > 1),
        (values) => {
          // The same distribution observed on 16x as many tasks: the interval narrows (by ~4x).
          const more = Array.from({ length: 16 }, () => values).flat();
          const [lo1, hi1] = bootstrapMeanCi(values, createRng(7), { resamples: 1000 });
          const [lo2, hi2] = bootstrapMeanCi(more, createRng(7), { resamples: 1000 });
          expect(hi2 - lo2).toBeLessThan(hi1 - lo1);
        },
      ),
      { numRuns: 40, seed: 11 },
    );
  });

  it('are reproducible for a seed and share draws across columns', () => {
    const v = Float64Array.from({ length: 200 }, (_, i) => (i * 37) % 101);
    expect(bootstrapMeanCi(v, createRng(7), { resamples: 500 })).toEqual(
      bootstrapMeanCi(v, createRng(7), { resamples: 500 }),
    );
    const doubled = v.map((x) => 2 * x);
    const [a, b] = bootstrapMeanCis([v, doubled], createRng(7), { resamples: 500 });
    // same resampled indices: the doubled column's interval is exactly twice the first
    expect(b![0]).toBeCloseTo(2 * a![0], 9);
    expect(b![1]).toBeCloseTo(2 * a![1], 9);
  });
});

describe('bootstrapWeightedMeanCis', () => {
  it('equals the plain bootstrap of the combined per-task values, sparse corrections included', () => {
    const n = 300;
    const rng = createRng(5);
    const cols = [0, 1, 2].map(() => Float64Array.from({ length: n }, () => rng.int(21) - 10));
    const weights = [
      [1, 0, 0],
      [0.5, 2, -1],
      [4 / 3, 4 / 3, 0],
    ];
    const sparse = [
      null,
      { index: Int32Array.of(3, 150), values: Float64Array.of(-7, -2.5) },
      { index: Int32Array.of(299), values: Float64Array.of(-11) },
    ];
    const got = bootstrapWeightedMeanCis(cols, weights, sparse, createRng(7), { resamples: 800 });
    weights.forEach((w, v) => {
      const combined = Float64Array.from({ length: n }, (_, i) => {
        let x = w.reduce((s, wc, c) => s + wc * cols[c]![i]!, 0);
        const sp = sparse[v];
        if (sp)
          sp.index.forEach((j, k) => {
            if (j === i) x += sp.values[k]!;
          });
        return x;
      });
      const [lo, hi] = bootstrapMeanCi(combined, createRng(7), { resamples: 800 });
      expect(got[v]![0]).toBeCloseTo(lo, 9);
      expect(got[v]![1]).toBeCloseTo(hi, 9);
    });
  });
});

describe('pairedEffect', () => {
  it('of a configuration with itself is 0 with W/T/L = 0/N/0', () => {
    fc.assert(
      fc.property(scores, (values) => {
        const final = Float64Array.from(values);
        const axes = { T: final, S: final, L: final, E: final, V: final };
        const e = pairedEffect({ final, axes }, { final, axes }, createRng(7), { resamples: 200 });
        expect(e.delta).toBe(0);
        expect([e.wins, e.ties, e.losses]).toEqual([0, values.length, 0]);
        expect(e.ci).toEqual([0, 0]);
        expect(e.axes).toEqual({ T: 0, S: 0, L: 0, E: 0, V: 0 });
      }),
      { numRuns: 50, seed: 3 },
    );
  });

  it('pairs tasks, skips judge failures, counts W/T/L from the "to" side with a tie margin', () => {
    const from = { final: Float64Array.from([70, 80, 60, Number.NaN, 50]) };
    const to = { final: Float64Array.from([75, 79, 60, 90, 40]) };
    const exact = pairedEffect(from, to, createRng(7), { resamples: 100 });
    expect(exact.n).toBe(4);
    expect(exact.delta).toBeCloseTo((5 - 1 + 0 - 10) / 4, 12);
    expect([exact.wins, exact.ties, exact.losses]).toEqual([1, 1, 2]);
    const margin = pairedEffect(from, to, createRng(7), { resamples: 100, tieMargin: 2 });
    expect([margin.wins, margin.ties, margin.losses]).toEqual([1, 2, 1]);
    // swapping the sides negates the effect and mirrors W/L
    const back = pairedEffect(to, from, createRng(7), { resamples: 100 });
    expect(back.delta).toBeCloseTo(-exact.delta, 12);
    expect([back.wins, back.ties, back.losses]).toEqual([2, 1, 1]);
  });

  it('rejects series of unequal length instead of pairing a prefix', () => {
    const five = Float64Array.from([70, 80, 60, 55, 50]);
    const four = Float64Array.from([75, 79, 60, 90]);
    const run = (from: Float64Array, to: Float64Array, axes?: Float64Array) =>
      pairedEffect(
        { final: from },
        { final: to, ...(axes ? { axes: { T: axes, S: to, L: to, E: to, V: to } } : {}) },
        createRng(7),
        { resamples: 10 },
      );
    expect(() => run(five, four)).toThrow(/paired effect of unequal task series/);
    expect(() => run(four, five)).toThrow(/paired effect of unequal task series/);
    expect(() => run(five, five, four)).toThrow(/unequal/);
    expect(run(five, five).n).toBe(5);
  });
});

describe('summarizeScores', () => {
  it('gives Table 12 style quartiles, tails and a histogram', () => {
    const s = summarizeScores([10, 49.5, 50, 60, 79.9, 80, 95, 100]);
    expect(s).toMatchInlineSnapshot(`
      {
        "atLeast80": 0.375,
        "below50": 0.25,
        "distribution": [
          0,
          1,
          0,
          0,
          1,
          1,
          1,
          1,
          1,
          2,
        ],
        "mean": 65.55,
        "n": 8,
        "p25": 49.875,
        "p50": 69.95,
        "p75": 83.75,
      }
    `);
  });
});
