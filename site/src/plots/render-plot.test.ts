import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { forestPlot } from './forest-plot.ts';
import { heatmap } from './heatmap.ts';
import { sparkline } from './sparkline.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('build-time plots', () => {
  it('escape user strings used as labels (no element is created from them)', () => {
    const svg = forestPlot([{ label: HOSTILE, delta: 1.5, ci: [0.5, 2.5] }]);
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const { document } = parseHTML(`<div>${svg}</div>`);
    expect(document.querySelectorAll('img').length).toBe(0);
    const cells = heatmap([HOSTILE, 'b'], [{ row: HOSTILE, col: 'b', wins: 3, ties: 1, n: 5 }]);
    expect(parseHTML(`<div>${cells}</div>`).document.querySelectorAll('img').length).toBe(0);
  });

  it('draw a sparkline with one bar per non-empty score bin', () => {
    const svg = sparkline([0, 0, 1, 2, 5, 9, 20, 30, 25, 8]);
    const { document } = parseHTML(`<div>${svg}</div>`);
    const rects = [...document.querySelectorAll('rect')];
    expect(rects.length).toBe(8);
    expect(svg.startsWith('<svg')).toBe(true);
  });

  it('are deterministic: the same data gives the same markup', () => {
    const rows = [
      { label: 'a', delta: -1, ci: [-2, 0.1] as [number, number] },
      { label: 'b', delta: 2, ci: [1, 3] as [number, number] },
    ];
    expect(forestPlot(rows)).toBe(forestPlot(rows));
  });
});
