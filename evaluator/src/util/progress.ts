/**
 * The progress port: how a long run reports how far it got. The core (evaluate, render, style)
 * only ever calls these three methods; the CLI passes its terminal progress bar,
 * the Action and tests pass {@link silentProgress}.
 */
export interface Progress {
  start(total: number, label: string): void;
  tick(detail?: string): void;
  stop(): void;
}

/** A progress reporter that reports nothing. */
export const silentProgress: Progress = { start() {}, tick() {}, stop() {} };
