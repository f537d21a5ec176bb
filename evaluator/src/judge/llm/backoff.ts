import type { Rng } from '../../stats/create-rng.ts';

export interface BackoffOptions {
  /** First delay before jitter. Default 1 s. */
  baseMs?: number;
  /** Longest computed delay. Default 60 s. */
  maxMs?: number;
  /** Longest wait a server's retry-after may impose. Default 120 s. */
  maxRetryAfterMs?: number;
}

/**
 * Delay before retry number `attempt` (1 = first retry): exponential (base·2^(attempt−1), capped)
 * with "equal jitter" from the injected seeded RNG (half fixed, half random) so parallel workers
 * spread out yet a seeded run waits the same. A server's `retry-after` replaces the computed
 * delay (capped at `maxRetryAfterMs`): the server knows when it will take requests again.
 */
export function backoffDelay(
  attempt: number,
  rng: Rng,
  retryAfterMs: number | null,
  options: BackoffOptions = {},
): number {
  const base = options.baseMs ?? 1000;
  const max = options.maxMs ?? 60_000;
  const exp = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  const jittered = exp / 2 + rng.next() * (exp / 2);
  if (retryAfterMs !== null && retryAfterMs >= 0)
    return Math.min(retryAfterMs, options.maxRetryAfterMs ?? 120_000);
  return Math.round(jittered);
}
