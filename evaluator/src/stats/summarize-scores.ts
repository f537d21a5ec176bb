import { quantileOfSorted } from './quantile.ts';

/** Distribution statistics of one configuration's final scores (ReFigBench Table 12). */
export interface ScoreSummary {
  n: number;
  mean: number;
  p25: number;
  p50: number;
  p75: number;
  /** Fraction with score ≥ 80. */
  atLeast80: number;
  /** Fraction with score < 50. */
  below50: number;
  /** Counts in 10-point bins [0,10) … [80,90), [90,100]. */
  distribution: number[];
}

/** Mean, quartiles (type 7), tail shares and a 10-bin histogram; all zeros for no scores. */
export function summarizeScores(values: ArrayLike<number>): ScoreSummary {
  const n = values.length;
  const distribution = new Array<number>(10).fill(0);
  if (n === 0)
    return { n: 0, mean: 0, p25: 0, p50: 0, p75: 0, atLeast80: 0, below50: 0, distribution };
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  let sum = 0;
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    sum += v;
    if (v >= 80) hi++;
    if (v < 50) lo++;
    distribution[Math.min(9, Math.max(0, Math.floor(v / 10)))]!++;
  }
  return {
    n,
    mean: sum / n,
    p25: quantileOfSorted(sorted, 0.25),
    p50: quantileOfSorted(sorted, 0.5),
    p75: quantileOfSorted(sorted, 0.75),
    atLeast80: hi / n,
    below50: lo / n,
    distribution,
  };
}
