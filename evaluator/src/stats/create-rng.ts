/** A seeded pseudo-random source. Every statistic that resamples takes one of these, so the
 * same seed always gives the same interval (no `Math.random` anywhere in the core). */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /**
   * Fills `out` with uniform integers in [0, n): the same numbers as `out.length` calls of
   * `int(n)`, in one tight loop (bootstraps draw millions of indices).
   */
  fillIndices(out: Int32Array, n: number): void;
}

/**
 * mulberry32 (Tommy Ettinger, public domain): a small, fast 32-bit generator with a full
 * 2^32 period, plenty for bootstrap resampling. `seed` is taken modulo 2^32.
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const fillIndices = (out: Int32Array, n: number): void => {
    // The body of `next` inlined: a closure call per draw costs more than the draw itself.
    let s = state;
    for (let i = 0; i < out.length; i++) {
      s = (s + 0x6d2b79f5) | 0;
      let t = Math.imul(s ^ (s >>> 15), 1 | s);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      out[i] = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    }
    state = s;
  };
  return { next, int: (n: number) => Math.floor(next() * n), fillIndices };
}
