import { round } from '../util/round.ts';

/**
 * Rounds every non-integer number in a JSON value to `decimals` places (and −0 to 0), so
 * floating-point noise never reaches the board's bytes. Returns a new value.
 */
export function roundNumbers<T>(value: T, decimals = 4): T {
  if (typeof value === 'number')
    return (
      Number.isInteger(value) ? (Object.is(value, -0) ? 0 : value) : round(value, decimals)
    ) as T;
  if (Array.isArray(value)) return value.map((v) => roundNumbers(v, decimals)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = roundNumbers(v, decimals);
    return out as T;
  }
  return value;
}
