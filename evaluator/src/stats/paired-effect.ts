import { AXES, type AxisRecord } from './axes.ts';
import { bootstrapMeanCi, type BootstrapOptions } from './bootstrap-mean-ci.ts';
import type { Rng } from './create-rng.ts';
import { InternalError } from '../errors/figboard-error.ts';

/** Per-task scores of one configuration, aligned by task index. NaN = no valid score (judge
 * failure, or the task is not covered): such tasks are left out of the comparison. */
export interface TaskScores {
  final: Float64Array;
  /** Per-axis subscores, same alignment; optional (axes deltas are then 0). */
  axes?: Record<(typeof AXES)[number], Float64Array>;
}

export interface PairedEffectResult {
  /** Tasks both sides cover. */
  n: number;
  /** mean(to − from). */
  delta: number;
  ci: [number, number];
  /** From `to`'s perspective; a tie is |to − from| ≤ tieMargin. */
  wins: number;
  ties: number;
  losses: number;
  axes: AxisRecord;
  /** The per-task differences (to − from) over the covered tasks, in task order. */
  differences: Float64Array;
  /** Indices of the covered tasks. */
  tasks: Int32Array;
}

export interface PairedEffectOptions extends BootstrapOptions {
  /** Differences within this margin count as ties (default 0: exact equality). */
  tieMargin?: number;
}

// Scores are sums of a few decimals; without a little slack 0.1 + 0.2 − 0.3 would be a "win".
const EPS = 1e-9;

/**
 * Paired effect of `to` over `from` on the tasks both cover (ReFigBench Appendix D): Δ =
 * mean(to − from), a paired bootstrap interval over tasks, W/T/L and per-axis deltas. Used for
 * workflow effects (spec − direct), harness effects and any two configurations. Both sides
 * must be aligned on the same tasks (equal lengths, axes included): silently pairing a prefix
 * would compare the wrong tasks, so unequal inputs are an error.
 */
export function pairedEffect(
  from: TaskScores,
  to: TaskScores,
  rng: Rng,
  options: PairedEffectOptions,
): PairedEffectResult {
  const len = from.final.length;
  const lengths = (t: TaskScores) => [
    t.final.length,
    ...AXES.map((a) => t.axes?.[a].length ?? len),
  ];
  if ([...lengths(from), ...lengths(to)].some((l) => l !== len))
    throw new InternalError('paired effect of unequal task series', {
      code: 'paired-unequal-lengths',
      expected: `every series (final and axes, both sides) of ${len} tasks`,
      got: `from ${lengths(from).join('/')}, to ${lengths(to).join('/')}`,
    });
  const margin = options.tieMargin ?? 0;
  const idx: number[] = [];
  for (let i = 0; i < len; i++)
    if (!Number.isNaN(from.final[i]!) && !Number.isNaN(to.final[i]!)) idx.push(i);
  const n = idx.length;
  const differences = new Float64Array(n);
  let wins = 0;
  let ties = 0;
  let losses = 0;
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const i = idx[k]!;
    const d = to.final[i]! - from.final[i]!;
    differences[k] = d;
    sum += d;
    if (Math.abs(d) <= margin + EPS) ties++;
    else if (d > 0) wins++;
    else losses++;
  }
  const axes = { T: 0, S: 0, L: 0, E: 0, V: 0 };
  if (n > 0 && from.axes && to.axes) {
    for (const a of AXES) {
      let s = 0;
      for (const i of idx) s += to.axes[a][i]! - from.axes[a][i]!;
      axes[a] = s / n;
    }
  }
  return {
    n,
    delta: n > 0 ? sum / n : 0,
    ci: bootstrapMeanCi(differences, rng, options),
    wins,
    ties,
    losses,
    axes,
    differences,
    tasks: Int32Array.from(idx),
  };
}
