import { createRng } from '@figboard/evaluator/stats';

/**
 * A seeded source for the fixture generators, on the evaluator's mulberry32. The fixture generator must give the same bytes for
 * the same seed, so it never touches `Math.random`.
 */
export interface SeededRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [lo, hi] inclusive. */
  int(lo: number, hi: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
}

/** Creates a seeded random source on the evaluator's one generator (mulberry32, `createRng`). */
export function seededRandom(seed: number): SeededRandom {
  const { next } = createRng(seed);
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    normal: () => {
      const u = Math.max(next(), 1e-12);
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
  };
}
