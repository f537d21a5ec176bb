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
export function bootstrapMeanCi(
  values: ArrayLike<number>,
  rng: Rng,
  options: BootstrapOptions,
): [number, number] {
  const [ci] = bootstrapMeanCis([Float64Array.from(values as ArrayLike<number>)], rng, options);
  return ci!;
}

/**
 * Bootstrap intervals of several columns' means from the SAME resampled task indices (e.g. one
 * paired effect under twelve rubric weightings): the draws are shared, so the intervals are
 * comparable and the cost is one index stream for all columns. Columns must have equal length.
 */
export function bootstrapMeanCis(
  columns: readonly Float64Array[],
  rng: Rng,
  options: BootstrapOptions,
): [number, number][] {
  const n = columns.length === 0 ? 0 : columns[0]!.length;
  if (n < 2) {
    return columns.map((c) => {
      const v = c.length === 1 ? c[0]! : 0;
      return [v, v];
    });
  }
  return bootstrapResampledMeans(columns, rng, options.resamples).map((means) =>
    percentileInterval(means, options.level),
  );
}

/**
 * The resampled means themselves: result[c][r] = mean of column c over resample r (all columns
 * share each resample's indices). For statistics that are functions of several means, such as a
 * weighted sum of per-axis deltas, whose interval is then `percentileInterval` of the combined
 * values. Columns must have equal length ≥ 1.
 */
export function bootstrapResampledMeans(
  columns: readonly Float64Array[],
  rng: Rng,
  resamples: number,
): Float64Array[] {
  const m = columns.length;
  const n = columns[0]?.length ?? 0;
  const means = Array.from({ length: m }, () => new Float64Array(resamples));
  if (m === 0 || n === 0) return means;
  // Interleave so one drawn index reads m adjacent numbers (cache-friendly inner loop).
  const data = new Float64Array(n * m);
  for (let c = 0; c < m; c++) {
    const col = columns[c]!;
    for (let i = 0; i < n; i++) data[i * m + c] = col[i]!;
  }
  const sums = new Float64Array(m);
  const draws = new Int32Array(n);
  for (let r = 0; r < resamples; r++) {
    rng.fillIndices(draws, n);
    if (m === 1) {
      // the common case (one mean or one paired effect), without the column loop
      let s = 0;
      for (let k = 0; k < n; k++) s += data[draws[k]!]!;
      means[0]![r] = s / n;
      continue;
    }
    sums.fill(0);
    for (let k = 0; k < n; k++) {
      const base = draws[k]! * m;
      for (let c = 0; c < m; c++) sums[c]! += data[base + c]!;
    }
    for (let c = 0; c < m; c++) means[c]![r] = sums[c]! / n;
  }
  return means;
}

/** The central `level` (default 0.95) percentile interval of bootstrap replicates (sorts them in place). */
export function percentileInterval(replicates: Float64Array, level = 0.95): [number, number] {
  replicates.sort();
  const alpha = (1 - level) / 2;
  return [quantileOfSorted(replicates, alpha), quantileOfSorted(replicates, 1 - alpha)];
}
