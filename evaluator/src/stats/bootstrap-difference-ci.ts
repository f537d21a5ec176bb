import type { BootstrapOptions } from './bootstrap-mean-ci.ts';
import { bootstrapResampledMeans, percentileInterval } from './bootstrap-mean-ci.ts';
import type { Rng } from './create-rng.ts';

/**
 * Percentile-bootstrap interval of mean(a) − mean(b) for two INDEPENDENT samples (different
 * tasks, e.g. a suite's public and hidden splits): each replicate resamples a and b separately,
 * a's draws first, then b's, from the one seeded stream. Null when either sample has fewer than
 * two values (no interval can be drawn).
 */
export function bootstrapDifferenceCi(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  rng: Rng,
  options: BootstrapOptions,
): [number, number] | null {
  if (a.length < 2 || b.length < 2) return null;
  const [ma] = bootstrapResampledMeans([Float64Array.from(a)], rng, options.resamples);
  const [mb] = bootstrapResampledMeans([Float64Array.from(b)], rng, options.resamples);
  const diff = new Float64Array(options.resamples);
  for (let r = 0; r < options.resamples; r++) diff[r] = ma![r]! - mb![r]!;
  return percentileInterval(diff, options.level);
}
