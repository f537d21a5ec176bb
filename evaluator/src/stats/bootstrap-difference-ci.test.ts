import { describe, expect, it } from 'vitest';
import { bootstrapDifferenceCi } from './bootstrap-difference-ci.ts';
import { createRng } from './create-rng.ts';

describe('bootstrapDifferenceCi (independent samples)', () => {
  it('covers the true difference and excludes 0 when the samples are far apart', () => {
    const a = Array.from({ length: 40 }, (_, i) => 80 + (i % 7));
    const b = Array.from({ length: 30 }, (_, i) => 60 + (i % 5));
    const ci = bootstrapDifferenceCi(a, b, createRng(7), { resamples: 2000 })!;
    const diff = a.reduce((s, x) => s + x, 0) / a.length - b.reduce((s, x) => s + x, 0) / b.length;
    expect(ci[0]).toBeLessThan(diff);
    expect(ci[1]).toBeGreaterThan(diff);
    expect(ci[0]).toBeGreaterThan(0);
  });

  it('is the same for the same seed, and null when a side has fewer than two values', () => {
    const a = [1, 5, 9, 2, 8];
    const b = [3, 3, 7, 1];
    expect(bootstrapDifferenceCi(a, b, createRng(7), { resamples: 500 })).toEqual(
      bootstrapDifferenceCi(a, b, createRng(7), { resamples: 500 }),
    );
    expect(bootstrapDifferenceCi([1], b, createRng(7), { resamples: 500 })).toBeNull();
  });

  it('straddles 0 for two samples from one distribution', () => {
    const x = Array.from({ length: 60 }, (_, i) => (i * 37) % 100);
    const ci = bootstrapDifferenceCi(x.slice(0, 30), x.slice(30), createRng(7), {
      resamples: 2000,
    })!;
    expect(ci[0]).toBeLessThan(0);
    expect(ci[1]).toBeGreaterThan(0);
  });
});
