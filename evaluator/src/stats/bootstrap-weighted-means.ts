import type { BootstrapOptions } from './bootstrap-mean-ci.ts';
import { percentileInterval } from './bootstrap-mean-ci.ts';
import type { Rng } from './create-rng.ts';

/** A per-task adjustment that is zero on all but a few tasks (e.g. where a flattening cap binds). */
export interface SparseColumn {
  /** Task indices with a non-zero value, ascending. */
  index: Int32Array;
  values: Float64Array;
}

/**
 * Percentile-bootstrap intervals of several statistics of the form
 *   T_v = Σ_c weights[v][c] · mean(columns[c]) + mean(sparse[v]),
 * all from one stream of resampled task indices. This is a paired effect re-weighted under many
 * weight vectors (columns = per-axis differences, sparse = cap corrections): it costs one pass
 * over `columns` per resample however many weightings there are.
 */
export function bootstrapWeightedMeanCis(
  columns: readonly Float64Array[],
  weights: readonly (readonly number[])[],
  sparse: readonly (SparseColumn | null)[],
  rng: Rng,
  options: BootstrapOptions,
): [number, number][] {
  const m = columns.length;
  const n = columns[0]?.length ?? 0;
  const V = weights.length;
  const R = options.resamples;
  const point = (v: number) => {
    let x = 0;
    for (let c = 0; c < m; c++)
      x += (weights[v]![c]! * columns[c]!.reduce((s, y) => s + y, 0)) / Math.max(n, 1);
    const sp = sparse[v];
    if (sp) x += sp.values.reduce((s, y) => s + y, 0) / Math.max(n, 1);
    return x;
  };
  if (n < 2) return weights.map((_, v) => [point(v), point(v)]);
  const data = new Float64Array(n * m);
  for (let c = 0; c < m; c++) for (let i = 0; i < n; i++) data[i * m + c] = columns[c]![i]!;
  // Tasks carrying any sparse value get a slot; draws of them are counted per resample.
  const slotOf = new Int32Array(n).fill(-1);
  const slotTasks: number[] = [];
  for (const sp of sparse) {
    if (!sp) continue;
    for (const i of sp.index) if (slotOf[i] === -1) slotOf[i] = slotTasks.push(i) - 1;
  }
  const slotValue = sparse.map((sp) => {
    const out = new Float64Array(slotTasks.length);
    if (sp)
      sp.index.forEach((i, k) => {
        out[slotOf[i]!] = sp.values[k]!;
      });
    return out;
  });
  const hits = new Int32Array(slotTasks.length);
  const sums = new Float64Array(m);
  const draws = new Int32Array(n);
  const replicates = Array.from({ length: V }, () => new Float64Array(R));
  for (let r = 0; r < R; r++) {
    rng.fillIndices(draws, n);
    sums.fill(0);
    hits.fill(0);
    for (let k = 0; k < n; k++) {
      const i = draws[k]!;
      const base = i * m;
      for (let c = 0; c < m; c++) sums[c]! += data[base + c]!;
      const slot = slotOf[i]!;
      if (slot >= 0) hits[slot]!++;
    }
    for (let v = 0; v < V; v++) {
      let x = 0;
      const w = weights[v]!;
      for (let c = 0; c < m; c++) x += w[c]! * sums[c]!;
      const sv = slotValue[v]!;
      for (let s = 0; s < sv.length; s++) x += hits[s]! * sv[s]!;
      replicates[v]![r] = x / n;
    }
  }
  return replicates.map((rep) => percentileInterval(rep, options.level));
}
