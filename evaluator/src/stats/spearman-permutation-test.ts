import type { Rng } from './create-rng.ts';

/** Largest n whose n! orderings are enumerated (8! = 40,320); above it the test samples. */
const SPEARMAN_EXACT_MAX_N = 8;

/** Spearman ρ with its two-sided permutation p-value. */
export interface SpearmanTest {
  n: number;
  /** Null for fewer than 3 pairs or a constant side. */
  rho: number | null;
  /** P(|ρ| ≥ |ρ observed|) when y's ranks are shuffled against x's; null when `rho` is. */
  pValue: number | null;
  /** True when every ordering was enumerated; false when `resamples` shuffles were drawn. */
  exact: boolean;
}

/** Mid-ranks (1-based; tied values share the mean of their ranks). */
function midRanks(v: readonly number[]): number[] {
  const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(v.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Pearson correlation of two rank vectors; null when a side is constant. */
function rankCorrelation(rx: readonly number[], ry: readonly number[]): number | null {
  const n = rx.length;
  const mx = rx.reduce((s, x) => s + x, 0) / n;
  const my = ry.reduce((s, x) => s + x, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}

/**
 * Spearman's ρ (Pearson on mid-ranks) and its two-sided permutation test, the exact test
 * FigMirror B.5 reports (five methods, ρ = 0.90, p = 0.083): with n ≤ 8
 * every ordering of y's ranks is enumerated; above it `resamples` seeded shuffles estimate p as
 * (hits + 1) / (resamples + 1). Ties are kept as mid-ranks, so the test stays exact under ties.
 */
export function spearmanPermutationTest(
  x: readonly number[],
  y: readonly number[],
  rng: Rng,
  options: { resamples: number },
): SpearmanTest {
  const n = x.length;
  if (n !== y.length || n < 3) return { n, rho: null, pValue: null, exact: true };
  const rx = midRanks(x);
  const ry = midRanks(y);
  const rho = rankCorrelation(rx, ry);
  if (rho === null) return { n, rho: null, pValue: null, exact: true };
  // Relative slack so orderings tied with the observed one count despite rounding.
  const bar = Math.abs(rho) - 1e-9;
  const perm = ry.slice();
  const at = (p: readonly number[]) => Math.abs(rankCorrelation(rx, p) ?? 0) >= bar;
  if (n <= SPEARMAN_EXACT_MAX_N) {
    // Heap's algorithm: every ordering once.
    let hits = at(perm) ? 1 : 0;
    let total = 1;
    const c = new Array<number>(n).fill(0);
    for (let i = 1; i < n; ) {
      if (c[i]! < i) {
        const j = i % 2 === 0 ? 0 : c[i]!;
        [perm[j], perm[i]] = [perm[i]!, perm[j]!];
        total++;
        if (at(perm)) hits++;
        c[i]!++;
        i = 1;
      } else {
        c[i] = 0;
        i++;
      }
    }
    return { n, rho, pValue: hits / total, exact: true };
  }
  let hits = 0;
  for (let r = 0; r < options.resamples; r++) {
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [perm[i], perm[j]] = [perm[j]!, perm[i]!];
    }
    if (at(perm)) hits++;
  }
  return { n, rho, pValue: (hits + 1) / (options.resamples + 1), exact: false };
}
