import { quantileSorted } from 'simple-statistics';

/**
 * Quantile of already sorted values, linear interpolation between order statistics (R type 7,
 * numpy's default), via simple-statistics. Typed arrays are accepted.
 */
export function quantileOfSorted(sorted: ArrayLike<number>, p: number): number {
  return quantileSorted(sorted as number[], p);
}

/** Median of values in any order; null for an empty list. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return quantileOfSorted(sorted, 0.5);
}
