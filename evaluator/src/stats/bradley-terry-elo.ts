import type { Rng } from './create-rng.ts';
import { eloFromStrengths } from './elo-from-strengths.ts';
import {
  addComparison,
  fitBradleyTerry,
  isStronglyConnected,
  type PairwiseCounts,
} from './fit-bradley-terry.ts';
import { quantileOfSorted } from './quantile.ts';

/** One pairwise human judgment between items `i` and `j` (indices), clustered by source task. */
export interface Comparison {
  /** Cluster key: the source task (bootstrap resamples tasks, not single annotations). */
  task: string;
  i: number;
  j: number;
  /** 1 = i preferred, 0 = j preferred, 0.5 = tie. */
  outcome: 0 | 0.5 | 1;
}

export interface EloOptions {
  /** Cluster-bootstrap fits (ReFigBench: 2,000). */
  resamples: number;
  /** Ridge used when the full data has no finite MLE (and for bootstrap fits that need one). */
  ridge?: number;
  level?: number;
}

export interface EloResult {
  elo: Float64Array;
  ci: [number, number][];
  wins: Int32Array;
  losses: Int32Array;
  ties: Int32Array;
  n: Int32Array;
  /** winsMatrix[i*k+j] = i beat j; tiesMatrix symmetric. */
  winsMatrix: Int32Array;
  tiesMatrix: Int32Array;
  tasks: number;
  /** True when the full data needed the ridge prior. */
  regularized: boolean;
}

const DEFAULT_RIDGE = 0.1;

function countsOf(k: number): PairwiseCounts {
  return { k, wins: new Float64Array(k * k) };
}

/**
 * Human Bradley–Terry Elo with a cluster-bootstrap interval: the full-data fit gives the
 * estimate; each of `resamples` fits redraws the source tasks with replacement (all annotations
 * of a drawn task come along), and the interval is the percentile range of the refitted Elo.
 * Deterministic for a given `rng` seed; independent of annotation order.
 */
export function bradleyTerryElo(
  k: number,
  comparisons: readonly Comparison[],
  rng: Rng,
  options: EloOptions,
): EloResult {
  const wins = new Int32Array(k);
  const losses = new Int32Array(k);
  const ties = new Int32Array(k);
  const n = new Int32Array(k);
  const winsMatrix = new Int32Array(k * k);
  const tiesMatrix = new Int32Array(k * k);
  const full = countsOf(k);
  // Group by task in sorted task order, so resampling does not depend on input order.
  const byTask = new Map<string, Comparison[]>();
  for (const c of comparisons) {
    addComparison(full, c.i, c.j, c.outcome);
    n[c.i]!++;
    n[c.j]!++;
    if (c.outcome === 0.5) {
      ties[c.i]!++;
      ties[c.j]!++;
      tiesMatrix[c.i * k + c.j]!++;
      tiesMatrix[c.j * k + c.i]!++;
    } else {
      const [w, l] = c.outcome === 1 ? [c.i, c.j] : [c.j, c.i];
      wins[w]!++;
      losses[l]!++;
      winsMatrix[w * k + l]!++;
    }
    const list = byTask.get(c.task);
    if (list) list.push(c);
    else byTask.set(c.task, [c]);
  }
  const taskKeys = [...byTask.keys()].sort();
  // Pre-aggregate each task's contribution once: a resample then adds T small vectors.
  const taskCounts = taskKeys.map((t) => {
    const entries = new Map<number, number>();
    for (const c of byTask.get(t)!) {
      entries.set(c.i * k + c.j, (entries.get(c.i * k + c.j) ?? 0) + c.outcome);
      entries.set(c.j * k + c.i, (entries.get(c.j * k + c.i) ?? 0) + (1 - c.outcome));
    }
    const keys = [...entries.keys()].sort((a, b) => a - b);
    return {
      cells: Int32Array.from(keys),
      values: Float64Array.from(keys.map((x) => entries.get(x)!)),
    };
  });

  const regularized = !isStronglyConnected(full);
  const ridge = options.ridge ?? DEFAULT_RIDGE;
  const elo = eloFromStrengths(fitBradleyTerry(full, { ridge: regularized ? ridge : 0 }).beta);

  const R = options.resamples;
  const T = taskKeys.length;
  const samples = Array.from({ length: k }, () => [] as number[]);
  if (T > 0) {
    const counts = countsOf(k);
    for (let r = 0; r < R; r++) {
      counts.wins.fill(0);
      for (let d = 0; d < T; d++) {
        const tc = taskCounts[Math.floor(rng.next() * T)]!;
        for (let e = 0; e < tc.cells.length; e++) counts.wins[tc.cells[e]!]! += tc.values[e]!;
      }
      const needsRidge = regularized || !isStronglyConnected(counts);
      const e = eloFromStrengths(fitBradleyTerry(counts, { ridge: needsRidge ? ridge : 0 }).beta);
      for (let i = 0; i < k; i++) if (!Number.isNaN(e[i]!)) samples[i]!.push(e[i]!);
    }
  }
  const alpha = (1 - (options.level ?? 0.95)) / 2;
  const ci = samples.map((s, i): [number, number] => {
    if (s.length === 0) return [elo[i]!, elo[i]!];
    const sorted = Float64Array.from(s).sort();
    return [quantileOfSorted(sorted, alpha), quantileOfSorted(sorted, 1 - alpha)];
  });
  return { elo, ci, wins, losses, ties, n, winsMatrix, tiesMatrix, tasks: T, regularized };
}
