import type { Rng } from './create-rng.ts';
import { percentileInterval } from './bootstrap-mean-ci.ts';

/** Rank uncertainty of one configuration among those scored on the same tasks. */
export interface RankUncertainty {
  /** 95% bootstrap interval of its rank [best, worst] (1 = best), nearest-rank percentiles. */
  interval: [number, number];
  /** 1-based tie group: configurations in rank order, each group led by its best member. */
  group: number;
  /** Indices of the configurations it is statistically tied with (sorted). */
  tiedWith: number[];
}

/**
 * Bootstrap rank intervals and groups of statistically tied configurations. Every resample draws
 * n task indices with replacement (the same stream the mean CIs draw from a fresh `rng`, so a
 * configuration without judge failures sees exactly the resamples of its CI); all configurations
 * are scored on the drawn tasks (NaN = judge failure, left out of that mean), ranked (rank =
 * 1 + number of configurations with a higher mean), and each configuration's ranks give its
 * interval.
 *
 * Two configurations are tied when the 95% percentile interval of their paired mean difference
 * over the same resamples contains 0 (checked for pairs whose rank intervals overlap; others are
 * separated by construction). Groups: walking the configurations from the best observed mean, a
 * configuration joins the current group when it is tied with the group's leader, else it leads
 * a new group — so every member of a group is indistinguishable from its best member.
 *
 * @param scores per configuration, the per-task scores aligned on the same n tasks
 * @param means observed means (their order decides the groups)
 */
export function bootstrapRanks(
  scores: readonly Float64Array[],
  means: readonly number[],
  rng: Rng,
  options: { resamples: number; level?: number },
): RankUncertainty[] {
  const c = scores.length;
  const n = scores[0]?.length ?? 0;
  const level = options.level ?? 0.95;
  if (c === 0) return [];
  if (n < 2 || options.resamples < 1) {
    // Nothing to resample: no configuration can be told apart from another.
    return scores.map((_, k) => ({
      interval: [1, c],
      group: 1,
      tiedWith: scores.map((__, j) => j).filter((j) => j !== k),
    }));
  }
  const B = options.resamples;
  const resampled = Array.from({ length: c }, () => new Float64Array(B));
  const draws = new Int32Array(n);
  for (let b = 0; b < B; b++) {
    rng.fillIndices(draws, n);
    for (let k = 0; k < c; k++) {
      const col = scores[k]!;
      let s = 0;
      let cnt = 0;
      for (let d = 0; d < n; d++) {
        const v = col[draws[d]!]!;
        if (Number.isNaN(v)) continue;
        s += v;
        cnt++;
      }
      resampled[k]![b] = cnt > 0 ? s / cnt : Number.NaN;
    }
  }
  const ranks = Array.from({ length: c }, () => new Int32Array(B));
  for (let b = 0; b < B; b++) {
    for (let k = 0; k < c; k++) {
      const m = resampled[k]![b]!;
      let above = 0;
      for (let j = 0; j < c; j++) if (j !== k && resampled[j]![b]! > m) above++;
      // A configuration with no valid task in a resample ranks last.
      ranks[k]![b] = Number.isNaN(m) ? c : 1 + above;
    }
  }
  const alpha = (1 - level) / 2;
  const intervals = ranks.map((r): [number, number] => {
    const sorted = Int32Array.from(r).sort();
    const lo = sorted[Math.min(B - 1, Math.floor(alpha * B))]!;
    const hi = sorted[Math.max(0, Math.ceil((1 - alpha) * B) - 1)]!;
    return [lo, hi];
  });

  const tied = Array.from({ length: c }, () => new Set<number>());
  const diff = new Float64Array(B);
  for (let a = 0; a < c; a++) {
    for (let b2 = a + 1; b2 < c; b2++) {
      const [la, ha] = intervals[a]!;
      const [lb, hb] = intervals[b2]!;
      if (ha < lb || hb < la) continue; // disjoint rank intervals: not tied
      for (let r = 0; r < B; r++) diff[r] = resampled[a]![r]! - resampled[b2]![r]!;
      const finite = diff.filter((x) => Number.isFinite(x));
      if (finite.length === 0) continue;
      const [lo, hi] = percentileInterval(finite, level);
      if (lo <= 0 && hi >= 0) {
        tied[a]!.add(b2);
        tied[b2]!.add(a);
      }
    }
  }

  const order = rankOrder(means);
  const group = new Array<number>(c).fill(0);
  let current = 0;
  let leader = -1;
  for (const k of order) {
    if (leader < 0 || !tied[leader]!.has(k)) {
      current++;
      leader = k;
    }
    group[k] = current;
  }
  return intervals.map((interval, k) => ({
    interval,
    group: group[k]!,
    tiedWith: [...tied[k]!].sort((x, y) => x - y),
  }));
}

/** Indices by descending mean (ties: lower index first). */
function rankOrder(means: readonly number[]): number[] {
  return means.map((_, i) => i).sort((a, b) => means[b]! - means[a]! || a - b);
}
