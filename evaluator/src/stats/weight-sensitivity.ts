import { AXES, type AxisRecord } from './axes.ts';

/** A rubric weight vector (points per axis, summing to 100) with a display name. */
export interface WeightVariant {
  name: string;
  weights: AxisRecord;
}

/**
 * Weights with editability at `wE` points and the remaining 100 − wE spread over T, S, L, V in
 * the proportions of `defaults` (the sweep of ReFigBench Table 21). `defaults` are the rubric's
 * maxima (the board's `rubric`; ReFigBench: `DEFAULT_RUBRIC`).
 */
export function editabilitySweepWeights(wE: number, defaults: AxisRecord): AxisRecord {
  const rest = 100 - defaults.E;
  const f = (100 - wE) / rest;
  return { T: defaults.T * f, S: defaults.S * f, L: defaults.L * f, E: wE, V: defaults.V * f };
}

/** Editability weight of the "surplus" variants of Table 21. */
const SURPLUS_E = 15;

/**
 * The twelve weight vectors of ReFigBench Table 21 for a rubric with maxima `defaults`, in the
 * paper's row order: the editability sweep 0…40 (remaining mass in the default proportions),
 * the default, editability lowered to 15 with the released points given entirely to structure
 * or to visual detail, and uniform weights.
 */
export function table21Variants(defaults: AxisRecord): WeightVariant[] {
  const released = defaults.E - SURPLUS_E;
  const sweep = (ws: number[]) =>
    ws.map((w) => ({ name: `wE=${w}`, weights: editabilitySweepWeights(w, defaults) }));
  return [
    ...sweep([0, 5, 10, 15, 20]),
    { name: 'default', weights: { ...defaults } },
    ...sweep([30, 35, 40]),
    {
      name: `wE=${SURPLUS_E}, surplus to S`,
      weights: { ...defaults, E: SURPLUS_E, S: defaults.S + released },
    },
    {
      name: `wE=${SURPLUS_E}, surplus to V`,
      weights: { ...defaults, E: SURPLUS_E, V: defaults.V + released },
    },
    {
      name: 'uniform',
      weights: Object.fromEntries(AXES.map((a) => [a, 100 / AXES.length])) as AxisRecord,
    },
  ];
}

/**
 * THE re-weighting rule: under `weights`, a point of axis k scored under the maximum `maxima[k]`
 * is worth w_k / max_k (each axis normalised by the maximum it was scored under). In AXES order.
 */
export function reweightFactors(weights: AxisRecord, maxima: AxisRecord): number[] {
  return AXES.map((a) => weights[a] / maxima[a]);
}

/**
 * Rubric total under `weights`: Σ w_k · a_k / max_k, the rule of {@link reweightFactors} in the
 * order of operations of the paper's tables (multiply, then divide), so the exact ties of
 * ReFigBench Table 21 reproduce; the board's bootstraps use the factors.
 */
export function weightedTotal(axes: AxisRecord, weights: AxisRecord, maxima: AxisRecord): number {
  let s = 0;
  for (const a of AXES) s += (weights[a] * axes[a]) / maxima[a];
  return s;
}

/**
 * Per-task scores along the editability sweep, as lines in wE: score(wE) = min(alpha + slope·wE,
 * cap). Arrays are aligned with the other side of the pair (same tasks, same order).
 */
export interface SweepLines {
  alpha: Float64Array;
  slope: Float64Array;
  cap: Float64Array;
}

/**
 * The sweep line of one artifact's subscores, scored under maxima `defaults` (which are also the
 * sweep's default proportions): Q(wE) = alpha + slope·wE.
 */
export function sweepLine(
  axes: AxisRecord,
  defaults: AxisRecord,
): { alpha: number; slope: number } {
  let nonE = 0;
  for (const a of AXES) if (a !== 'E') nonE += axes[a];
  const rest = 100 - defaults.E;
  return { alpha: (100 * nonE) / rest, slope: axes.E / defaults.E - nonE / rest };
}

export interface ZeroCrossing {
  /** Editability weight (points of 100) where the effect is 0; null when it never changes sign. */
  editabilityWeight: number | null;
  note: string;
}

/**
 * The exact editability weight at which a paired effect changes sign along the sweep. Each
 * task's score is linear in wE until it reaches its flattening cap, so the mean difference is
 * piecewise linear: it is evaluated at every cap breakpoint in [0, 100] and the root is solved
 * on the segment where the sign changes. A root outside [0, 100] (negative weights, which the
 * paper reports as "below 0") is found by extending the edge segment's line.
 */
export function sweepZeroCrossing(from: SweepLines, to: SweepLines): ZeroCrossing {
  const n = Math.min(from.alpha.length, to.alpha.length);
  if (n === 0) return { editabilityWeight: null, note: 'no paired tasks' };
  const effect = (w: number): number => {
    let s = 0;
    for (let i = 0; i < n; i++) {
      s +=
        Math.min(to.alpha[i]! + to.slope[i]! * w, to.cap[i]!) -
        Math.min(from.alpha[i]! + from.slope[i]! * w, from.cap[i]!);
    }
    return s / n;
  };
  const points = new Set<number>([0, 100]);
  for (const side of [from, to]) {
    for (let i = 0; i < n; i++) {
      if (side.slope[i] === 0) continue;
      const w = (side.cap[i]! - side.alpha[i]!) / side.slope[i]!;
      if (w > 0 && w < 100) points.add(w);
    }
  }
  const xs = [...points].sort((a, b) => a - b);
  const ys = xs.map(effect);
  const tol = 1e-12;
  if (ys.every((y) => Math.abs(y) <= tol))
    return {
      editabilityWeight: null,
      note: 'no crossing: the effect is zero for every editability weight',
    };
  for (let s = 0; s < xs.length; s++) {
    if (Math.abs(ys[s]!) <= tol) return inside(xs[s]!);
    if (
      s + 1 < xs.length &&
      Math.sign(ys[s]!) !== Math.sign(ys[s + 1]!) &&
      Math.abs(ys[s + 1]!) > tol
    ) {
      return inside(xs[s]! + (-ys[s]! * (xs[s + 1]! - xs[s]!)) / (ys[s + 1]! - ys[s]!));
    }
  }
  // No sign change inside [0, 100]: extend the first and last segments.
  const candidates: number[] = [];
  const first = (ys[1]! - ys[0]!) / (xs[1]! - xs[0]!);
  if (Math.abs(first) > tol) {
    const root = xs[0]! - ys[0]! / first;
    if (root < 0) candidates.push(root);
  }
  const l = xs.length - 1;
  const last = (ys[l]! - ys[l - 1]!) / (xs[l]! - xs[l - 1]!);
  if (Math.abs(last) > tol) {
    const root = xs[l]! - ys[l]! / last;
    if (root > 100) candidates.push(root);
  }
  if (candidates.length === 0) {
    return {
      editabilityWeight: null,
      note: 'no crossing: the effect keeps its sign for every editability weight',
    };
  }
  const root = candidates.sort((a, b) => distanceToRange(a) - distanceToRange(b))[0]!;
  return root < 0
    ? {
        editabilityWeight: root,
        note: 'below 0: the effect keeps its sign for every weight in [0, 100]',
      }
    : {
        editabilityWeight: root,
        note: 'above 100: the effect keeps its sign for every weight in [0, 100]',
      };

  function inside(w: number): ZeroCrossing {
    return {
      editabilityWeight: w,
      note: `sign changes at an editability weight of ${w.toFixed(1)} points`,
    };
  }
}

function distanceToRange(w: number): number {
  return w < 0 ? -w : w - 100;
}

/** Zero crossing of a paired effect known only by its per-axis mean deltas (no caps). */
export function editabilityZeroCrossing(
  axisDeltas: AxisRecord,
  defaults: AxisRecord,
): ZeroCrossing {
  const line = sweepLine(axisDeltas, defaults);
  const zero = Float64Array.of(0);
  const inf = Float64Array.of(Number.POSITIVE_INFINITY);
  return sweepZeroCrossing(
    { alpha: zero, slope: zero, cap: inf },
    { alpha: Float64Array.of(line.alpha), slope: Float64Array.of(line.slope), cap: inf },
  );
}
