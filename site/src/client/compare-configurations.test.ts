import { describe, expect, it } from 'vitest';
import { type CompareEntry, defaultSelection } from '../data/compare-data.ts';
import { initialPicks, intervalWording, pairedDifference } from './compare-configurations.ts';

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

describe('the compare page’s wording and picks', () => {
  it('says what the interval is and over how many tasks, and never calls few tasks settled', () => {
    const few = intervalWording([0.8, 4.1], 6);
    expect(few).toContain('only 6 tasks');
    expect(few).toContain('a hint, not an established difference');
    expect(few).not.toMatch(/real difference/);
    const many = intervalWording([0.8, 4.1], 125);
    expect(many).toContain('above 0 over these 125 tasks');
    expect(many).not.toContain('hint');
    expect(intervalWording([-1, 2], 40)).toContain('contains 0');
    expect(intervalWording([1, 1], 1)).toContain('no interval');
  });

  it('reads ?e=a,b,c,d (known ids, no repeats, at most four), else ?a/?b, else the default', () => {
    const known = new Set(['a', 'b', 'c', 'd', 'e']);
    const pick = (q: string) => initialPicks(new URLSearchParams(q), known, ['d', 'e'], 4);
    expect(pick('e=a,b,c,d,e')).toEqual(['a', 'b', 'c', 'd']);
    expect(pick('e=a,zz,a,c')).toEqual(['a', 'c']);
    expect(pick('a=c&b=b')).toEqual(['c', 'b']);
    expect(pick('e=a')).toEqual(['d', 'e']);
    expect(pick('')).toEqual(['d', 'e']);
  });

  it('opens on the top agent entries, never a baseline while two entries exist', () => {
    const e = (id: string, role: CompareEntry['role'], rank: number | null, mean: number) =>
      ({ id, role, rank, mean }) as CompareEntry;
    const entries = [
      e('base', 'baseline', null, 99),
      e('r1', 'entry', 1, 80),
      e('r2', 'entry', 2, 70),
      e('r3', 'entry', 3, 60),
      e('r4', 'entry', 4, 50),
      e('r5', 'entry', 5, 40),
    ];
    expect(defaultSelection(entries)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(defaultSelection([entries[0]!, entries[1]!])).toEqual(['r1', 'base']);
    expect(defaultSelection([entries[0]!])).toEqual(['base']);
    // without agent entries: baselines before the upper reference (a ceiling, not a rival)
    const lines = [
      e('ceiling', 'upper-reference', null, 99),
      e('b1', 'baseline', null, 60),
      e('b2', 'baseline', null, 50),
    ];
    expect(defaultSelection(lines)).toEqual(['b1', 'b2']);
  });
});
