/** One pair of an optimal assignment: row index, column index and its weight. */
export interface AssignedPair {
  row: number;
  col: number;
  weight: number;
}

/**
 * Maximum-weight assignment (Hungarian algorithm, Kuhn–Munkres with potentials, O(n²·m)).
 * `weights[i][j]` ≥ 0 is the value of pairing row i with column j; rectangular matrices are
 * fine. Pairs with weight ≤ `minWeight` are dropped from the result (an "assignment" to a
 * worthless partner is no match). Ties are broken deterministically by index order.
 */
export function solveAssignment(
  weights: readonly (readonly number[])[],
  minWeight = 0,
): AssignedPair[] {
  const rows = weights.length;
  const cols = rows === 0 ? 0 : weights[0]!.length;
  if (rows === 0 || cols === 0) return [];
  // The classic formulation needs rows ≤ cols; transpose otherwise.
  const transposed = rows > cols;
  const n = transposed ? cols : rows;
  const m = transposed ? rows : cols;
  const w = (i: number, j: number) => (transposed ? weights[j]![i]! : weights[i]![j]!);
  let maxW = 0;
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) maxW = Math.max(maxW, weights[i]![j]!);
  // Minimise cost = maxW − weight, 1-indexed arrays as in the textbook version.
  const INF = Number.POSITIVE_INFINITY;
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const p = new Int32Array(m + 1); // p[j] = row matched to column j (0 = none)
  const way = new Int32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(m + 1).fill(INF);
    const used = new Uint8Array(m + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = INF;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = maxW - w(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          const r = p[j]!;
          u[r] = u[r]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const out: AssignedPair[] = [];
  for (let j = 1; j <= m; j++) {
    const i = p[j]!;
    if (i === 0) continue;
    const row = transposed ? j - 1 : i - 1;
    const col = transposed ? i - 1 : j - 1;
    const weight = weights[row]![col]!;
    if (weight > minWeight) out.push({ row, col, weight });
  }
  return out.sort((a, b) => a.row - b.row || a.col - b.col);
}
