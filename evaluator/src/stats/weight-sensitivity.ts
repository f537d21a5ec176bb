import { AXES, AXIS_MAXIMA, type AxisRecord } from './axes.ts';

/** A rubric weight vector (points per axis, summing to 100) with a display name. */
export interface WeightVariant {
  name: string;
  weights: AxisRecord;
}

/** Default weights = axis maxima 20/30/15/25/10. */
export const DEFAULT_WEIGHTS: AxisRecord = { ...AXIS_MAXIMA };

/**
 * Weights with editability at `wE` points and the remaining 100 − wE spread over T, S, L, V in
 * their default proportions (the sweep of ReFigBench Table 21).
 */
export function editabilitySweepWeights(
  wE: number,
  defaults: AxisRecord = DEFAULT_WEIGHTS,
): AxisRecord {
  const rest = 100 - defaults.E;
  const f = (100 - wE) / rest;
  return { T: defaults.T * f, S: defaults.S * f, L: defaults.L * f, E: wE, V: defaults.V * f };
}

/** The twelve weight vectors of ReFigBench Table 21, in the paper's row order. */
export const TABLE21_VARIANTS: readonly WeightVariant[] = [
  ...[0, 5, 10, 15, 20].map((w) => ({ name: `wE=${w}`, weights: editabilitySweepWeights(w) })),
  { name: 'default', weights: { ...DEFAULT_WEIGHTS } },
  ...[30, 35, 40].map((w) => ({ name: `wE=${w}`, weights: editabilitySweepWeights(w) })),
  { name: 'wE=15, surplus to S', weights: { T: 20, S: 40, L: 15, E: 15, V: 10 } },
  { name: 'wE=15, surplus to V', weights: { T: 20, S: 30, L: 15, E: 15, V: 20 } },
  { name: 'uniform', weights: { T: 20, S: 20, L: 20, E: 20, V: 20 } },
];

/** Rubric total under `weights`: Σ w_k · a_k / max_k (each axis normalised by its maximum). */
export function weightedTotal(axes: AxisRecord, weights: AxisRecord): number {
  let s = 0;
  for (const a of AXES) s += (weights[a] * axes[a]) / AXIS_MAXIMA[a];
  return s;
}

/**
 * A paired effect under `weights`, from its per-axis mean deltas. Exact when no artifact of the
 * pair is capped, because the total is linear in the weights (ReFigBench Appendix M).
 */
export function weightedEffect(axisDeltas: AxisRecord, weights: AxisRecord): number {
  return weightedTotal(axisDeltas, weights);
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

/** The sweep line of one artifact's subscores: Q(wE) = alpha + slope·wE. */
export function sweepLine(
  axes: AxisRecord,
  defaults: AxisRecord = DEFAULT_WEIGHTS,
): { alpha: number; slope: number } {
  let nonE = 0;
  for (const a of AXES) if (a !== 'E') nonE += (defaults[a] * axes[a]) / AXIS_MAXIMA[a];
  const rest = 100 - defaults.E;
  return { alpha: (100 * nonE) / rest, slope: axes.E / AXIS_MAXIMA.E - nonE / rest };
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
  defaults: AxisRecord = DEFAULT_WEIGHTS,
): ZeroCrossing {
  const line = sweepLine(axisDeltas, defaults);
  const zero = Float64Array.of(0);
  const inf = Float64Array.of(Number.POSITIVE_INFINITY);
  return sweepZeroCrossing(
    { alpha: zero, slope: zero, cap: inf },
    { alpha: Float64Array.of(line.alpha), slope: Float64Array.of(line.slope), cap: inf },
  );
}
