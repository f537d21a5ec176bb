import { round } from './round.ts';

/**
 * What becomes of NaN and ±Infinity. `zero`: a record field that must hold a number (the metric
 * judge's evidence; its schema takes no null) gets 0. `keep`: the value stays and JSON writes it
 * as `null`, which the board reads as "no value" (a statistic with no data) — turning it into 0
 * would publish a number nobody measured. Each caller names its choice.
 */
export type NonFinitePolicy = 'zero' | 'keep';

/**
 * Rounds every non-integer number in a JSON value to `decimals` places (and −0 to 0), so
 * floating-point noise never reaches a record's or the board's bytes. Returns a new value.
 */
export function roundDeep<T>(value: T, nonFinite: NonFinitePolicy, decimals = 4): T {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return (nonFinite === 'zero' ? 0 : value) as T;
    return (
      Number.isInteger(value) ? (Object.is(value, -0) ? 0 : value) : round(value, decimals)
    ) as T;
  }
  if (Array.isArray(value)) return value.map((v) => roundDeep(v, nonFinite, decimals)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = roundDeep(v, nonFinite, decimals);
    return out as T;
  }
  return value;
}
