import { describe, expect, it } from 'vitest';
import type { Annotation } from '../schemas/annotation.schema.ts';
import { createRng } from '../stats/create-rng.ts';
import { styleAgreement, stylePairedEffect } from './style-comparisons.ts';

// A small example worked out by hand (numbers in the comments). Three style entries on two
// references: an upper reference (up), a palette-and-font heuristic (heu), matplotlib defaults (def).
const S = new Map([
  [
    'up',
    new Map([
      ['t1', 95],
      ['t2', 92],
    ]),
  ],
  [
    'heu',
    new Map([
      ['t1', 75],
      ['t2', 70],
    ]),
  ],
  [
    'def',
    new Map([
      ['t1', 60],
      ['t2', 62],
    ]),
  ],
]);
const ann = (
  annotator: string,
  task: string,
  a: string,
  b: string,
  choice: Annotation['choice'],
): Annotation => ({
  task,
  a,
  b,
  shownOrder: 'AB',
  choice,
  tieKind: choice === 'tie' ? 'shared-success' : null,
  reason: 'style match',
  annotator,
  time: '2026-12-01T00:00:00Z',
});
const ANNOTATIONS = [
  ann('ann1', 't1', 'up', 'heu', 'A'), // 1
  ann('ann2', 't1', 'up', 'heu', 'A'), // 2: same pair as 1, agrees
  ann('ann1', 't1', 'heu', 'def', 'A'), // 3
  ann('ann2', 't1', 'heu', 'def', 'B'), // 4: same pair as 3, disagrees; against S
  ann('ann1', 't2', 'up', 'def', 'A'), // 5
  ann('ann1', 't2', 'heu', 'def', 'tie'), // 6
  ann('ann2', 't2', 'def', 'up', 'A'), // 7: same pair as 5, disagrees; against S
];

describe('style comparisons (FigMirror B.5), hand-checked', () => {
  const r = styleAgreement(ANNOTATIONS, S, createRng(7), { resamples: 200 });
  const row = (e: string) => r.rows.find((x) => x.entry === e)!;

  it('counts wins, losses, ties and win rates', () => {
    // up: 1, 2, 5 won, 7 lost → 3/4; heu: 3 won, 1, 2, 4 lost, 6 tie → 1.5/5;
    // def: 4, 7 won, 3, 5 lost, 6 tie → 2.5/5
    expect([row('up').wins, row('up').losses, row('up').ties, row('up').n]).toEqual([3, 1, 0, 4]);
    expect([row('heu').wins, row('heu').losses, row('heu').ties, row('heu').n]).toEqual([
      1, 3, 1, 5,
    ]);
    expect([row('def').wins, row('def').losses, row('def').ties, row('def').n]).toEqual([
      2, 2, 1, 5,
    ]);
    expect(row('up').winRate).toBe(0.75);
    expect(row('heu').winRate).toBe(0.3);
    expect(row('def').winRate).toBe(0.5);
    expect(row('up').meanS).toBe(93.5);
    expect(row('heu').meanS).toBe(72.5);
    expect(row('def').meanS).toBe(61);
  });

  it('orders the Elo by the human record, with cluster-bootstrap intervals around the estimate', () => {
    expect(r.rows.map((x) => x.entry)).toEqual(['up', 'def', 'heu']);
    for (const x of r.rows) {
      expect(x.ci[0]).toBeLessThanOrEqual(x.elo + 1e-9);
      expect(x.ci[1]).toBeGreaterThanOrEqual(x.elo - 1e-9);
    }
  });

  it('computes Spearman of S vs win rate, pairwise agreement and inter-annotator agreement', () => {
    // ranks by S: up 3, heu 2, def 1; by win rate: up 3, def 2, heu 1 → Σd² = 2 → ρ = 1 − 12/24
    expect(r.sVsWinRate.rho).toBeCloseTo(0.5, 12);
    // n = 3: the 6 orderings of the win-rate ranks give ρ = 1, 0.5, 0.5, −0.5, −0.5, −1, so
    // every one reaches |ρ| ≥ 0.5 → p = 6/6 = 1, enumerated
    expect(r.sVsWinRate).toMatchObject({ n: 3, pValue: 1, exact: true });
    // decided annotations 1, 2, 3, 4, 5, 7; the higher S was picked in 1, 2, 3, 5
    expect(r.pairwise).toEqual({ decided: 6, agree: 4 / 6 });
    // overlapping pairs: (t1 up/heu) agree, (t1 heu/def) differ, (t2 up/def) differ
    // labels by pair (first candidate by id / second / tie): (heu, up) second+second,
    // (def, heu) second+first, (def, up) second+first → pooled second 4/6, first 2/6;
    // chance = (2/3)² + (1/3)² = 5/9; κ = (1/3 − 5/9) / (1 − 5/9) = −1/2
    expect(r.interAnnotator.overlaps).toBe(3);
    expect(r.interAnnotator.agree).toBeCloseTo(1 / 3, 12);
    expect(r.interAnnotator.kappa).toBeCloseTo(-0.5, 12);
  });

  it('gives paired effects on shared references only', () => {
    const e = stylePairedEffect('up', S.get('up')!, 'def', S.get('def')!, createRng(7), 500);
    // t1: 95 − 60 = 35, t2: 92 − 62 = 30
    expect(e).toMatchObject({ n: 2, delta: 32.5, aBetter: 2, bBetter: 0, same: 0 });
    expect(e.ci[0]).toBeGreaterThanOrEqual(30);
    expect(e.ci[1]).toBeLessThanOrEqual(35);
    const partial = stylePairedEffect(
      'up',
      S.get('up')!,
      'x',
      new Map([['t2', 92]]),
      createRng(7),
      500,
    );
    expect(partial).toMatchObject({ n: 1, delta: 0, same: 1 });
  });
});
