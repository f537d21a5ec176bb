import { describe, expect, it } from 'vitest';
import { pairedDifference } from './compare-configurations.ts';

describe('the compare page’s paired difference', () => {
  it('is the mean of the per-task differences, with an interval that holds it', () => {
    const diffs = [4, -1, 3, 0, 2, 5, -2, 1, 3, 2];
    const r = pairedDifference(diffs);
    expect(r.mean).toBeCloseTo(1.7, 12);
    expect(r.ci[0]).toBeLessThan(r.mean);
    expect(r.ci[1]).toBeGreaterThan(r.mean);
    expect(r.ci[0]).toBeGreaterThanOrEqual(Math.min(...diffs));
    expect(r.ci[1]).toBeLessThanOrEqual(Math.max(...diffs));
  });

  it('is the same on every visit (seeded) and degenerate for constant differences', () => {
    const diffs = Array.from({ length: 40 }, (_, i) => ((i * 37) % 11) - 5);
    expect(pairedDifference(diffs)).toEqual(pairedDifference(diffs));
    expect(pairedDifference([2.5, 2.5, 2.5])).toEqual({ mean: 2.5, ci: [2.5, 2.5] });
  });

  it('excludes 0 for a consistent gain and holds 0 for noise around it', () => {
    expect(pairedDifference([3, 4, 2, 5, 3, 4, 3, 2]).ci[0]).toBeGreaterThan(0);
    const noise = pairedDifference([1, -1, 2, -2, 1, -1, 3, -3, 0.5, -0.5]);
    expect(noise.ci[0]).toBeLessThan(0);
    expect(noise.ci[1]).toBeGreaterThan(0);
  });
});
