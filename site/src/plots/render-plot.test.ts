import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { forestPlot } from './forest-plot.ts';
import { heatmap, luminance, shareColour, textOn } from './heatmap.ts';
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

describe('heatmap cell text', () => {
  const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  it('is readable on every cell colour: at least 4.5:1 against the cell', () => {
    for (let i = 0; i <= 1000; i++) {
      const share = i / 1000;
      const bg = luminance(shareColour(share));
      const ink = textOn(share) === 'black' ? 0 : 1;
      expect(contrast(bg, ink), `share ${share}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws each cell’s text in the colour chosen for it', () => {
    const svg = heatmap(
      ['a', 'b'],
      [
        { row: 'a', col: 'b', wins: 9, ties: 0, n: 9 },
        { row: 'b', col: 'a', wins: 0, ties: 0, n: 9 },
      ],
    );
    const { document } = parseHTML(`<div>${svg}</div>`);
    const texts = [...document.querySelectorAll('g[fill] text')].map((t) => ({
      text: t.textContent,
      fill: t.parentElement?.getAttribute('fill'),
    }));
    expect(texts).toContainEqual({ text: '9/0', fill: textOn(1) });
    expect(texts).toContainEqual({ text: '0/0', fill: textOn(0) });
    expect(textOn(1)).toBe('white');
    expect(textOn(0.5)).toBe('black');
  });
});
