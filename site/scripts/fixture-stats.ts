import type { SeededRandom } from './seeded-random.ts';

// Small statistics for the fixture generator only. The real board is computed by
// evaluator/src/stats; these just make generated numbers internally consistent (a mean inside
// its CI, a histogram that sums to n, correlations computed from the generated means).

export const mean = (xs: readonly number[]): number =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;

/** Linear-interpolated quantile (type 7), q in [0,1]. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

export function median(xs: readonly number[]): number | null {
  return xs.length === 0 ? null : quantile(xs, 0.5);
}

export function sd(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Percentile bootstrap 95% CI of the mean. */
export function bootstrapCi(
  xs: readonly number[],
  rng: SeededRandom,
  resamples = 400,
): [number, number] {
  if (xs.length === 0) return [0, 0];
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < xs.length; i++) s += xs[Math.floor(rng.next() * xs.length)]!;
    means[r] = s / xs.length;
  }
  means.sort();
  return [means[Math.floor(0.025 * (resamples - 1))]!, means[Math.ceil(0.975 * (resamples - 1))]!];
}

export function pearson(a: readonly number[], b: readonly number[]): number | null {
  if (a.length < 3) return null;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return da === 0 || db === 0 ? null : num / Math.sqrt(da * db);
}

function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

export function spearman(a: readonly number[], b: readonly number[]): number | null {
  return pearson(ranks(a), ranks(b));
}

export function kendall(a: readonly number[], b: readonly number[]): number | null {
  if (a.length < 3) return null;
  let c = 0;
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      const s = Math.sign(a[i]! - a[j]!) * Math.sign(b[i]! - b[j]!);
      if (s > 0) c++;
      else if (s < 0) d++;
    }
  }
  return c + d === 0 ? null : (c - d) / (c + d);
}

/** Rounds to `digits` decimals (keeps generated files short and stable). */
export const r = (x: number, digits = 2): number => {
  const f = 10 ** digits;
  const v = Math.round(x * f) / f;
  return Object.is(v, -0) ? 0 : v;
};
