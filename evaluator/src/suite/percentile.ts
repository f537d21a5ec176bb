/**
 * The p-th percentile (0..1) of numbers with linear interpolation between closest ranks (the
 * NumPy default), so suite statistics can be checked against a one-liner in Python.
 * Returns NaN for an empty list; the caller decides what an empty suite reports.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}
