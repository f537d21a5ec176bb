/** Time as a port: the builder waits between requests through this, so tests never sleep. */
export interface Clock {
  /** Milliseconds since some fixed origin. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real clock (CLI adapter). */
export const systemClock: Clock = {
  now: () => performance.timeOrigin + performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
