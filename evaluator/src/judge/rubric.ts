import { z } from 'zod';
import { AxisName, type Subscores } from '../schemas/common.schema.ts';
import { round } from '../util/round.ts';

/**
 * The five axes in their canonical order (ReFigBench §3): the record schema's `AxisName` enum, so
 * the list is written once. Everything else (statistics, CLI tables, the site) takes it from here.
 */
export const AXES: readonly AxisName[] = AxisName.options;

/** What each axis measures, for prompts, PR comments and the site. */
export const AXIS_LABELS: Record<AxisName, string> = {
  T: 'text accuracy',
  S: 'semantic structure (modules, hierarchy, directed relations)',
  L: 'layout fidelity (relative geometry, reading order)',
  E: 'native editability',
  V: 'visual detail',
};

/**
 * Rubric weights = the maximum points of each axis. They must sum to 100 so Q stays on a
 * 100-point scale; alternative vectors (ReFigBench Table 21) are just other maxima.
 */
export const RubricWeights = z
  .object({
    T: z.number().min(0).max(100),
    S: z.number().min(0).max(100),
    L: z.number().min(0).max(100),
    E: z.number().min(0).max(100),
    V: z.number().min(0).max(100),
  })
  .strict()
  .refine((w) => Math.abs(w.T + w.S + w.L + w.E + w.V - 100) < 1e-6, {
    message: 'rubric weights must sum to 100 (they are the maximum points of T, S, L, E and V)',
  });
export type RubricWeights = z.infer<typeof RubricWeights>;

/** ReFigBench default: text 20, structure 30, layout 15, editability 25, visual 10. */
export const DEFAULT_RUBRIC: RubricWeights = Object.freeze({ T: 20, S: 30, L: 15, E: 25, V: 10 });

/** Turns per-axis fractions in [0, 1] into points under `weights` (rounded to 2 decimals). */
export function pointsFromFractions(fractions: Subscores, weights: RubricWeights): Subscores {
  const clamp = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
  return {
    T: round(clamp(fractions.T) * weights.T, 2),
    S: round(clamp(fractions.S) * weights.S, 2),
    L: round(clamp(fractions.L) * weights.L, 2),
    E: round(clamp(fractions.E) * weights.E, 2),
    V: round(clamp(fractions.V) * weights.V, 2),
  };
}

/** Q = T + S + L + E + V (rounded so floating-point noise never reaches a record). */
export function totalOf(s: Subscores): number {
  return round(s.T + s.S + s.L + s.E + s.V, 2);
}

/**
 * The final score s = g · min(Q, c): zero when the gate failed, otherwise the rubric total
 * capped by the flattening cap c(P).
 */
export function finalScore(gatePassed: boolean, total: number, cap: number): number {
  if (!gatePassed) return 0;
  return round(Math.min(total, cap), 2);
}
