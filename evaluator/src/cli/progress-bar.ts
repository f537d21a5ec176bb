import type { Progress } from '../util/progress.ts';

/**
 * A one-line progress bar on stderr (stdout stays clean for JSON lines). Redraws at most every
 * 100 ms; prints nothing when stderr is not a terminal except a final count line.
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr): Progress {
  let total = 0;
  let done = 0;
  let label = '';
  let startedAt = 0;
  let lastDraw = 0;
  const draw = (detail = '') => {
    if (!stream.isTTY) return;
    const width = 28;
    const frac = total > 0 ? done / total : 0;
    const filled = Math.round(frac * width);
    const elapsed = (Date.now() - startedAt) / 1000;
    const eta = done > 0 ? (elapsed / done) * (total - done) : 0;
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${elapsed.toFixed(0)}s eta ${eta.toFixed(0)}s ${detail}`;
    stream.write(
      `\r${line.slice(0, (stream.columns ?? 120) - 1).padEnd(Math.min(stream.columns ?? 120, 120) - 1)}`,
    );
  };
  return {
    start(n, l) {
      total = n;
      done = 0;
      label = l;
      startedAt = Date.now();
      draw();
    },
    tick(detail) {
      done += 1;
      const now = Date.now();
      if (now - lastDraw > 100 || done === total) {
        lastDraw = now;
        draw(detail);
      }
    },
    stop() {
      if (stream.isTTY) stream.write('\n');
      else if (total > 0)
        stream.write(
          `${label}: ${done}/${total} done in ${((Date.now() - startedAt) / 1000).toFixed(1)}s\n`,
        );
    },
  };
}
