import { percentileInterval } from './bootstrap-mean-ci.ts';
import type { Rng } from './create-rng.ts';

/**
 * Per-cluster counts behind several ratios, e.g. agreements (numerator) over decisive
 * annotations (denominator) per margin bucket, clustered by source task. Row-major:
 * `num[c * groups + g]` is cluster c's numerator for ratio g.
 */
export interface ClusterCounts {
  clusters: number;
  groups: number;
  num: Float64Array;
  den: Float64Array;
}

/** Settings of a cluster bootstrap (ReFigBench Appendix K: 5,000 resamples, seed 20260721). */
export interface ClusterBootstrapOptions {
  resamples: number;
  /** Central coverage, default 0.95. */
  level?: number;
}

/**
 * Percentile intervals of ratios Σnum / Σden under a cluster bootstrap: each resample draws
 * `clusters` clusters with replacement (every item of a drawn cluster comes along) and all ratios
 * share the drawn clusters. A resample whose denominator is 0 for a ratio has no value for it and
 * is skipped for that ratio. Null for a ratio whose total denominator is 0; [r, r] with fewer
 * than two clusters. Deterministic for a given `rng` seed and cluster order.
 */
export function clusterBootstrapRatioCis(
  counts: ClusterCounts,
  rng: Rng,
  options: ClusterBootstrapOptions,
): ([number, number] | null)[] {
  const { clusters: T, groups: G, num, den } = counts;
  const totalNum = new Float64Array(G);
  const totalDen = new Float64Array(G);
  for (let c = 0; c < T; c++) {
    for (let g = 0; g < G; g++) {
      totalNum[g]! += num[c * G + g]!;
      totalDen[g]! += den[c * G + g]!;
    }
  }
  const point = (g: number): [number, number] => [
    totalNum[g]! / totalDen[g]!,
    totalNum[g]! / totalDen[g]!,
  ];
  if (T < 2) return Array.from({ length: G }, (_, g) => (totalDen[g]! > 0 ? point(g) : null));

  const R = options.resamples;
  const replicates = Array.from({ length: G }, () => new Float64Array(R));
  const filled = new Int32Array(G);
  const sumNum = new Float64Array(G);
  const sumDen = new Float64Array(G);
  const draws = new Int32Array(T);
  for (let r = 0; r < R; r++) {
    rng.fillIndices(draws, T);
    sumNum.fill(0);
    sumDen.fill(0);
    for (let k = 0; k < T; k++) {
      const base = draws[k]! * G;
      for (let g = 0; g < G; g++) {
        sumNum[g]! += num[base + g]!;
        sumDen[g]! += den[base + g]!;
      }
    }
    for (let g = 0; g < G; g++)
      if (sumDen[g]! > 0) replicates[g]![filled[g]!++] = sumNum[g]! / sumDen[g]!;
  }
  return replicates.map((rep, g) => {
    if (totalDen[g]! === 0) return null;
    if (filled[g]! === 0) return point(g);
    return percentileInterval(rep.subarray(0, filled[g]!), options.level);
  });
}
