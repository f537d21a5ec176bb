import { describe, expect, it } from 'vitest';
import { createProgressBar, formatProgressLine, type InterruptHost } from './progress-bar.ts';

/** A stderr that is not a terminal (CI, nohup, a redirect), recording what is written. */
function pipe() {
  const text: string[] = [];
  return {
    text,
    stream: { isTTY: false, write: (s: string) => text.push(s) } as unknown as NodeJS.WriteStream,
  };
}

/** A process stand-in: delivers SIGINT on demand and records the exit code. */
function fakeHost() {
  const listeners = new Set<() => void>();
  const exits: number[] = [];
  const host: InterruptHost = {
    on: (_s, l) => listeners.add(l),
    off: (_s, l) => listeners.delete(l),
    exit: (code) => exits.push(code),
  };
  const interrupt = () => {
    for (const l of [...listeners]) l();
  };
  return { host, exits, interrupt, listeners };
}

describe('progress when stderr is not a terminal', () => {
  it('prints one plain line per task, then the count', () => {
    const out = pipe();
    const bar = createProgressBar(out.stream, fakeHost().host);
    bar.start(3, 'agent on s');
    bar.tick('a ran: deck');
    bar.tick('b ran: no deck');
    bar.tick('c kept: deck');
    bar.stop();
    const lines = out.text.join('').trimEnd().split('\n');
    expect(lines.map((l) => l.replace(/\(\d+s\)|in [\d.]+s/, 'T'))).toEqual([
      'agent on s: 1/3 a ran: deck T',
      'agent on s: 2/3 b ran: no deck T',
      'agent on s: 3/3 c kept: deck T',
      'agent on s: 3/3 done T',
    ]);
  });

  it('on Ctrl-C says how far it got and that the same command resumes, and exits 130', () => {
    const out = pipe();
    const h = fakeHost();
    const bar = createProgressBar(out.stream, h.host);
    bar.start(46, 'metric run 1');
    bar.tick('a');
    bar.tick('b');
    h.interrupt();
    expect(out.text.at(-1)).toBe(
      'metric run 1: interrupted; 2 of 46 done; run the same command to resume\n',
    );
    expect(h.exits).toEqual([130]);
    bar.stop();
    expect(h.listeners.size).toBe(0); // a finished phase leaves Ctrl-C alone
  });
});

describe('progress line', () => {
  const base = { label: 'metric run 1', done: 12, total: 46, elapsedS: 30, columns: 80 };

  it('keeps a long task name whole by shrinking the bar first', () => {
    const detail = 'pretrained-language-model-hypertext-model-architecture';
    const line = formatProgressLine({ ...base, columns: 100, detail });
    expect(line.length).toBeLessThanOrEqual(99);
    expect(line).toContain(detail);
    expect(line).toMatch(/\[#*-*\] 12\/46 30s eta 85s/);
  });

  it('cuts a name too long for the line in the middle, so both ends stay readable', () => {
    const detail = 'a-very-long-task-name-that-cannot-possibly-fit-on-a-narrow-terminal-line-end';
    const line = formatProgressLine({ ...base, columns: 60, detail });
    expect(line.length).toBeLessThanOrEqual(59);
    expect(line).toContain('a-very');
    expect(line).toContain('line-end');
    expect(line).toContain('…');
  });

  it('draws the full 28-cell bar when there is room', () => {
    const line = formatProgressLine({ ...base, columns: 160, detail: 'detr' });
    expect(line).toContain(`[${'#'.repeat(7)}${'-'.repeat(21)}]`);
    expect(line.endsWith('detr')).toBe(true);
  });
});
