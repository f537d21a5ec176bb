import type { Rng } from './create-rng.ts';
import { quantileOfSorted } from './quantile.ts';

/** Settings of a nonparametric bootstrap (ReFigBench: 5,000 resamples, seed 7). */
export interface BootstrapOptions {
  resamples: number;
  /** Central coverage of the interval, default 0.95. */
  level?: number;
}

/**
 * 95% percentile-bootstrap interval of the mean: `resamples` draws of n values with replacement,
 * the interval is the (α/2, 1 − α/2) quantiles of the resampled means. A paired effect is this
 * applied to per-task differences. Returns [mean, mean] for fewer than two values.
 */
export function bootstrapMeanCi(values: ArrayLike<number>, rng: Rng, options: BootstrapOptions): [number, number] {
  const [ci] = bootstrapMeanCis([Float64Array.from(values as ArrayLike<number>)], rng, options);
  return ci!;
}

/**
 * Bootstrap intervals of several columns' means from the SAME resampled task indices (e.g. one
 * paired effect under twelve rubric weightings): the draws are shared, so the intervals are
 * comparable and the cost is one index stream for all columns. Columns must have equal length.
 */
export function bootstrapMeanCis(columns: readonly Float64Array[], rng: Rng, options: BootstrapOptions): [number, number][] {
  const m = columns.length;
  const n = m === 0 ? 0 : columns[0]!.length;
  const level = options.level ?? 0.95;
  if (n < 2) {
    return columns.map((c) => {
      const v = c.length === 1 ? c[0]! : 0;
      return [v, v];
    });
  }
  // Interleave so one drawn index reads m adjacent numbers (cache-friendly inner loop).
  const data = new Float64Array(n * m);
  for (let c = 0; c < m; c++) {
    const col = columns[c]!;
    for (let i = 0; i < n; i++) data[i * m + c] = col[i]!;
  }
  const R = options.resamples;
  const means = Array.from({ length: m }, () => new Float64Array(R));
  const sums = new Float64Array(m);
  for (let r = 0; r < R; r++) {
    sums.fill(0);
    for (let k = 0; k < n; k++) {
      const base = Math.floor(rng.next() * n) * m;
      for (let c = 0; c < m; c++) sums[c]! += data[base + c]!;
    }
    for (let c = 0; c < m; c++) means[c]![r] = sums[c]! / n;
  }
  const alpha = (1 - level) / 2;
  return means.map((mm) => {
    mm.sort();
    return [quantileOfSorted(mm, alpha), quantileOfSorted(mm, 1 - alpha)];
  });
}
