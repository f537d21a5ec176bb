import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bradleyTerryElo, type Comparison } from './bradley-terry-elo.ts';
import { createRng } from './create-rng.ts';
import { ELO_PER_BETA, eloFromStrengths } from './elo-from-strengths.ts';
import {
  addComparison,
  fitBradleyTerry,
  isStronglyConnected,
  type PairwiseCounts,
} from './fit-bradley-terry.ts';

/**
 * Independent reference: Hunter's (2004) minorization–maximization iteration for Bradley–Terry,
 * γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j), run to a fixed point. Shares no code with the Newton fit.
 */
function referenceMM(k: number, list: { i: number; j: number; outcome: number }[]): number[] {
  const w = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const c of list) {
    w[c.i]![c.j]! += c.outcome;
    w[c.j]![c.i]! += 1 - c.outcome;
  }
  let gamma = new Array<number>(k).fill(1);
  for (let iter = 0; iter < 200000; iter++) {
    const next = gamma.map((g, i) => {
      let wins = 0;
      let denom = 0;
      for (let j = 0; j < k; j++) {
        if (j === i) continue;
        wins += w[i]![j]!;
        const nij = w[i]![j]! + w[j]![i]!;
        if (nij > 0) denom += nij / (g + gamma[j]!);
      }
      return wins / denom;
    });
    const logMean = next.reduce((s, g) => s + Math.log(g), 0) / k;
    const normalised = next.map((g) => g / Math.exp(logMean));
    const change = Math.max(
      ...normalised.map((g, i) => Math.abs(Math.log(g) - Math.log(gamma[i]!))),
    );
    gamma = normalised;
    if (change < 1e-14) break;
  }
  return gamma.map((g) => Math.log(g));
}

function counts(k: number, list: { i: number; j: number; outcome: 0 | 0.5 | 1 }[]): PairwiseCounts {
  const c: PairwiseCounts = { k, wins: new Float64Array(k * k) };
  for (const x of list) addComparison(c, x.i, x.j, x.outcome);
  return c;
}

/** Random comparisons among k items, with one tie per pair so the plain MLE always exists. */
const comparisonData = fc.integer({ min: 2, max: 6 }).chain((k) =>
  fc.record({
    k: fc.constant(k),
    extra: fc.array(
      fc.record({
        i: fc.integer({ min: 0, max: k - 1 }),
        d: fc.integer({ min: 1, max: k - 1 }),
        outcome: fc.constantFrom<0 | 0.5 | 1>(0, 0.5, 1),
      }),
      { maxLength: 60 },
    ),
  }),
);
function materialise({
  k,
  extra,
}: {
  k: number;
  extra: { i: number; d: number; outcome: 0 | 0.5 | 1 }[];
}) {
  const list: { i: number; j: number; outcome: 0 | 0.5 | 1 }[] = [];
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) list.push({ i, j, outcome: 0.5 });
  for (const e of extra) list.push({ i: e.i, j: (e.i + e.d) % k, outcome: e.outcome });
  return list;
}

describe('Bradley–Terry', () => {
  it('maps strengths to Elo: a 3–1 record is ln 3 apart, 200·log10(3) Elo each side of 1000', () => {
    // A beat B twice and they tied twice: 3 "wins" to 1 with ties as half wins, so the MLE has
    // P(A beats B) = 3/4, β_A − β_B = ln 3.
    const fit = fitBradleyTerry(
      counts(2, [
        { i: 0, j: 1, outcome: 1 },
        { i: 0, j: 1, outcome: 1 },
        { i: 1, j: 0, outcome: 0.5 },
        { i: 0, j: 1, outcome: 0.5 },
      ]),
    );
    expect(fit.beta[0]! - fit.beta[1]!).toBeCloseTo(Math.log(3), 10);
    const elo = eloFromStrengths(fit.beta);
    // by hand: 1000 ± (400/ln10)·(ln3/2) = 1000 ± 200·log10(3) = 1000 ± 95.424
    expect(elo[0]).toBeCloseTo(1095.424, 3);
    expect(elo[1]).toBeCloseTo(904.576, 3);
    expect(ELO_PER_BETA).toBeCloseTo(173.7178, 4);
  });

  it('centres Elo at 1000 over the fitted items, ignoring items without comparisons', () => {
    const elo = eloFromStrengths([0.5, Number.NaN, -1, 0.2]);
    expect(Number.isNaN(elo[1]!)).toBe(true);
    expect((elo[0]! + elo[2]! + elo[3]!) / 3).toBeCloseTo(1000, 10);
    expect(elo[0]! - elo[2]!).toBeCloseTo(1.5 * ELO_PER_BETA, 10);
  });

  it('equals an independent MM reference implementation to 1e-6', () => {
    fc.assert(
      fc.property(comparisonData, (data) => {
        const list = materialise(data);
        const ours = fitBradleyTerry(counts(data.k, list));
        const reference = referenceMM(data.k, list);
        expect(ours.converged).toBe(true);
        for (let i = 0; i < data.k; i++)
          expect(Math.abs(ours.beta[i]! - reference[i]!)).toBeLessThan(1e-6);
      }),
      { numRuns: 60, seed: 20260720 },
    );
  });

  it('is invariant to swapping the A/B order of any comparison and to the order of the list', () => {
    fc.assert(
      fc.property(
        comparisonData,
        fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }),
        (data, flips) => {
          const list = materialise(data);
          const swapped = list
            .map((c, n) =>
              flips[n % flips.length]
                ? { i: c.j, j: c.i, outcome: (1 - c.outcome) as 0 | 0.5 | 1 }
                : c,
            )
            .reverse();
          const a = fitBradleyTerry(counts(data.k, list)).beta;
          const b = fitBradleyTerry(counts(data.k, swapped)).beta;
          for (let i = 0; i < data.k; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });

  it('needs the ridge prior only when the comparison graph is not strongly connected', () => {
    const undefeated = counts(3, [
      { i: 0, j: 1, outcome: 1 },
      { i: 0, j: 2, outcome: 1 },
      { i: 1, j: 2, outcome: 1 },
      { i: 2, j: 1, outcome: 1 },
    ]);
    expect(isStronglyConnected(undefeated)).toBe(false);
    const fit = fitBradleyTerry(undefeated, { ridge: 0.1 });
    expect(fit.converged).toBe(true);
    expect(fit.beta[0]!).toBeGreaterThan(fit.beta[1]!);
    expect(Number.isFinite(fit.beta[0]!)).toBe(true);
    expect(isStronglyConnected(counts(2, [{ i: 0, j: 1, outcome: 0.5 }]))).toBe(true);
  });

  it('gives cluster-bootstrap intervals that contain the estimate and do not depend on input order', () => {
    const items = ['a', 'b', 'c'];
    const list: Comparison[] = [];
    const rng = createRng(1);
    // a is strongest, c weakest
    for (let t = 0; t < 60; t++) {
      const i = rng.int(3);
      const j = (i + 1 + rng.int(2)) % 3;
      const p =
        1 / (1 + Math.exp(-(i === 0 ? 1 : i === 1 ? 0 : -1) + (j === 0 ? 1 : j === 1 ? 0 : -1)));
      const u = rng.next();
      list.push({
        task: `t${t % 25}`,
        i,
        j,
        outcome: u < 0.15 ? 0.5 : u < 0.15 + 0.85 * p ? 1 : 0,
      });
    }
    const one = bradleyTerryElo(items.length, list, createRng(20260720), { resamples: 300 });
    const two = bradleyTerryElo(
      items.length,
      [...list]
        .reverse()
        .map((c) => ({ ...c, i: c.j, j: c.i, outcome: (1 - c.outcome) as 0 | 0.5 | 1 })),
      createRng(20260720),
      {
        resamples: 300,
      },
    );
    // Aggregated counts are sums of halves and ones (exact in floating point), so the fits match.
    expect(Array.from(two.elo)).toEqual(Array.from(one.elo));
    expect(two.ci).toEqual(one.ci);
    for (let i = 0; i < 3; i++) {
      expect(one.ci[i]![0]).toBeLessThanOrEqual(one.elo[i]!);
      expect(one.ci[i]![1]).toBeGreaterThanOrEqual(one.elo[i]!);
    }
    expect(one.elo[0]!).toBeGreaterThan(one.elo[2]!);
    expect(one.n.reduce((s, v) => s + v, 0)).toBe(2 * list.length);
    expect(one.wins.reduce((s, v) => s + v, 0) + one.ties.reduce((s, v) => s + v, 0) / 2).toBe(
      list.length,
    );
    expect(one.tasks).toBe(25);
  });
});
