import { createRng, type Rng } from '../stats/create-rng.ts';

/** Months `since`..`until` inclusive, as `YYYY-MM`. */
export function monthlyWindows(since: string, until: string): string[] {
  const parse = (s: string) => {
    const m = /^(\d{4})-(\d{2})$/.exec(s);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 12)
      throw new RangeError(`not a YYYY-MM month: ${s}`);
    return Number(m[1]) * 12 + Number(m[2]) - 1;
  };
  const out: string[] = [];
  for (let k = parse(since); k <= parse(until); k++)
    out.push(`${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`);
  return out;
}

/** Fisher–Yates with a seeded generator: the same seed always gives the same order. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * The ORBIT sampling order (ReFigBench Appendix B "candidate sampling"): monthly windows from
 * `since` through `until`, shuffled under `seed`. Candidates inside a window are shuffled with
 * `windowRng(seed, window)`, an independent stream per window, so resuming mid-way or skipping a
 * window never changes another window's order.
 */
export function shuffledWindows(since: string, until: string, seed: number): string[] {
  return shuffle(monthlyWindows(since, until), createRng(seed));
}

/** A generator for one window's candidate shuffle, derived from the run seed and the window. */
export function windowRng(seed: number, window: string, salt = 0): Rng {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const ch of `${window}#${salt}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return createRng(h);
}
