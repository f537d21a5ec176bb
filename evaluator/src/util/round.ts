/** Rounds to a fixed number of decimals so floating-point noise never reaches a record's bytes. */
export function round(x: number, decimals = 4): number {
  const f = 10 ** decimals;
  const r = Math.round(x * f) / f;
  return Object.is(r, -0) ? 0 : r;
}
