import type { Progress } from '../util/progress.ts';

/** How the bar hears Ctrl-C and ends the process (the CLI passes `process`; tests a fake). */
export interface InterruptHost {
  on(signal: 'SIGINT', listener: () => void): unknown;
  off(signal: 'SIGINT', listener: () => void): unknown;
  exit(code: number): void;
}

/** Exit status of a run stopped by Ctrl-C (128 + SIGINT). */
const EXIT_INTERRUPTED = 130;

/**
 * Progress on stderr (stdout stays clean for JSON lines). On a terminal, one bar redrawn at most
 * every 100 ms; otherwise (CI, nohup, a redirect) one plain line per item, so a run of hours shows
 * where it is. Ctrl-C while a bar runs prints how far it got and that the same command resumes
 * (every long command records per item and resumes), then exits 130.
 */
export function createProgressBar(
  stream: NodeJS.WriteStream = process.stderr,
  host: InterruptHost = process,
): Progress {
  let total = 0;
  let done = 0;
  let label = '';
  let startedAt = 0;
  let lastDraw = 0;
  const elapsed = () => (Date.now() - startedAt) / 1000;
  const draw = (detail = '') => {
    if (!stream.isTTY) return;
    const line = formatProgressLine({
      label,
      done,
      total,
      elapsedS: elapsed(),
      detail,
      columns: Math.min(stream.columns ?? 120, 160),
    });
    stream.write(`\r${line.padEnd(Math.min(stream.columns ?? 120, 160) - 1)}`);
  };
  const onInterrupt = () => {
    stream.write(
      `${stream.isTTY ? '\n' : ''}${label}: interrupted; ${done} of ${total} done; run the same command to resume\n`,
    );
    host.exit(EXIT_INTERRUPTED);
  };
  return {
    start(n, l) {
      total = n;
      done = 0;
      label = l;
      startedAt = Date.now();
      host.on('SIGINT', onInterrupt);
      draw();
    },
    tick(detail) {
      done += 1;
      if (!stream.isTTY) {
        stream.write(
          `${label}: ${done}/${total}${detail ? ` ${detail}` : ''} (${elapsed().toFixed(0)}s)\n`,
        );
        return;
      }
      const now = Date.now();
      if (now - lastDraw > 100 || done === total) {
        lastDraw = now;
        draw(detail);
      }
    },
    stop() {
      host.off('SIGINT', onInterrupt);
      if (stream.isTTY) stream.write('\n');
      else if (total > 0)
        stream.write(`${label}: ${done}/${total} done in ${elapsed().toFixed(1)}s\n`);
    },
  };
}

/**
 * One progress line that fits `columns - 1` characters without losing the item name: the bar
 * shrinks first (down to 8 cells), then the label, and only then the detail, cut in the middle
 * (`cream-auto…-overview`) so both ends of a long task id stay readable.
 */
export function formatProgressLine(p: {
  label: string;
  done: number;
  total: number;
  elapsedS: number;
  detail: string;
  columns: number;
}): string {
  const room = Math.max(20, p.columns - 1);
  const eta = p.done > 0 ? (p.elapsedS / p.done) * (p.total - p.done) : 0;
  const counts = `${p.done}/${p.total} ${p.elapsedS.toFixed(0)}s eta ${eta.toFixed(0)}s`;
  const bar = (width: number) => {
    const filled = Math.round((p.total > 0 ? p.done / p.total : 0) * width);
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
  };
  const cut = (s: string, max: number) => {
    if (s.length <= max) return s;
    if (max <= 1) return s.slice(0, Math.max(0, max));
    const head = Math.ceil((max - 1) / 2);
    return `${s.slice(0, head)}…${s.slice(s.length - (max - 1 - head))}`;
  };
  let label = p.label;
  let width = 28;
  const fixed = () => `${label} ${bar(width)} ${counts} `.length;
  while (fixed() + p.detail.length > room && width > 8) width -= 1;
  if (fixed() + p.detail.length > room)
    label = cut(label, Math.max(8, room - (fixed() - label.length) - p.detail.length));
  const detail = cut(p.detail, Math.max(0, room - fixed()));
  return `${label} ${bar(width)} ${counts} ${detail}`.slice(0, room);
}
