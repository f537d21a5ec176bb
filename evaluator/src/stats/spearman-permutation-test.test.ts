import { describe, expect, it } from 'vitest';
import { createRng } from './create-rng.ts';
import { spearmanPermutationTest } from './spearman-permutation-test.ts';

describe('Spearman permutation test', () => {
  it('reproduces FigMirror B.5: five methods, ρ = 0.90, exact two-sided p = 0.083', () => {
    // one adjacent swap: Σd² = 2 → ρ = 1 − 6·2/(5·24) = 0.9. Orderings with |ρ| ≥ 0.9: the
    // identity and its 4 adjacent swaps, and their 5 mirror images → 10/120 = 1/12
    const t = spearmanPermutationTest(
      [10, 20, 30, 40, 50],
      [0.1, 0.3, 0.2, 0.4, 0.5],
      createRng(1),
      {
        resamples: 100,
      },
    );
    expect(t.rho).toBeCloseTo(0.9, 12);
    expect(t.pValue).toBeCloseTo(1 / 12, 12);
    expect(t.exact).toBe(true);
  });

  it('keeps ties as mid-ranks and returns null for a constant side or fewer than 3 pairs', () => {
    expect(spearmanPermutationTest([1, 2], [1, 2], createRng(1), { resamples: 10 }).rho).toBeNull();
    const flat = spearmanPermutationTest([1, 2, 3], [5, 5, 5], createRng(1), { resamples: 10 });
    expect([flat.rho, flat.pValue]).toEqual([null, null]);
    // x ranks 1, 2.5, 2.5, 4 against y ranks 1..4: ρ = 0.9487; the 24 orderings of y give
    // |ρ| ≥ 0.9487 only for the identity, the swap of the tied pair, and their mirrors → 4/24
    const tied = spearmanPermutationTest([1, 2, 2, 3], [1, 2, 3, 4], createRng(1), {
      resamples: 10,
    });
    expect(tied.rho).toBeCloseTo(4.5 / Math.sqrt(4.5 * 5), 12);
    expect(tied.pValue).toBeCloseTo(4 / 24, 12);
  });

  it('samples seeded shuffles above eight pairs, deterministically', () => {
    const x = Array.from({ length: 12 }, (_, i) => i);
    const y = x.map((v) => (v % 3 === 0 ? v + 2 : v));
    const a = spearmanPermutationTest(x, y, createRng(5), { resamples: 4000 });
    const b = spearmanPermutationTest(x, y, createRng(5), { resamples: 4000 });
    expect(a).toEqual(b);
    expect(a.exact).toBe(false);
    // a strong correlation over 12 pairs: p is small but never 0 ((hits + 1) / (R + 1))
    expect(a.pValue).toBeGreaterThan(0);
    expect(a.pValue).toBeLessThan(0.01);
  });
});
