/**
 * ICC(2,1) of Shrout & Fleiss (1979): two-way random effects, absolute agreement, single rater.
 * `rows` are targets (tasks), each with one score per rater (judge run); rows containing NaN or
 * of the wrong length are skipped. Null when fewer than 2 complete rows or 2 raters, or when the
 * scores do not vary at all.
 */
export function icc21(
  rows: readonly ArrayLike<number>[],
  raters: number,
): { icc: number | null; n: number } {
  const k = raters;
  const complete = rows.filter((r) => {
    if (r.length !== k) return false;
    for (let j = 0; j < k; j++) if (Number.isNaN(r[j]!)) return false;
    return true;
  });
  const n = complete.length;
  if (n < 2 || k < 2) return { icc: null, n };
  let grand = 0;
  const colMeans = new Float64Array(k);
  const rowMeans = new Float64Array(n);
  complete.forEach((r, i) => {
    let s = 0;
    for (let j = 0; j < k; j++) {
      s += r[j]!;
      colMeans[j]! += r[j]!;
    }
    rowMeans[i] = s / k;
    grand += s;
  });
  grand /= n * k;
  for (let j = 0; j < k; j++) colMeans[j]! /= n;
  let ssTotal = 0;
  for (const r of complete) for (let j = 0; j < k; j++) ssTotal += (r[j]! - grand) ** 2;
  let ssRows = 0;
  for (let i = 0; i < n; i++) ssRows += (rowMeans[i]! - grand) ** 2;
  ssRows *= k;
  let ssCols = 0;
  for (let j = 0; j < k; j++) ssCols += (colMeans[j]! - grand) ** 2;
  ssCols *= n;
  const ssError = ssTotal - ssRows - ssCols;
  const msr = ssRows / (n - 1);
  const msc = ssCols / (k - 1);
  const mse = ssError / ((n - 1) * (k - 1));
  const denominator = msr + (k - 1) * mse + (k * (msc - mse)) / n;
  if (!(Math.abs(denominator) > 1e-12)) return { icc: null, n };
  return { icc: (msr - mse) / denominator, n };
}
