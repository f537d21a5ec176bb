import { describe, expect, it } from 'vitest';
import { formatProgressLine } from './progress-bar.ts';

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
