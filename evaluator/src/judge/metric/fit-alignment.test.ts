import { describe, expect, it } from 'vitest';
import { applyAlignment, fitAlignment, IDENTITY_ALIGNMENT } from './fit-alignment.ts';

const grid = [
  { x: 0.2, y: 0.1 },
  { x: 0.5, y: 0.1 },
  { x: 0.8, y: 0.1 },
  { x: 0.2, y: 0.4 },
  { x: 0.5, y: 0.4 },
];

describe('fitAlignment', () => {
  it('recovers a layout drawn 10 % larger and shifted, so its nodes are not displaced', () => {
    const anchors = grid.map((r) => ({ r, s: { x: 1.1 * r.x - 0.02, y: 1.1 * r.y + 0.03 }, w: 1 }));
    const a = fitAlignment(anchors);
    for (const { r, s } of anchors) {
      const at = applyAlignment(a, r);
      expect(Math.hypot(at.x - s.x, at.y - s.y)).toBeLessThan(1e-9);
    }
  });

  it('does not fit scattered labels into place: scale and shift are clamped', () => {
    const scattered = grid.map((r, i) => ({
      r,
      s: { x: [0.9, 0.1, 0.3, 0.7, 0.5][i]!, y: [0.5, 0.2, 0.5, 0.05, 0.3][i]! },
      w: 1,
    }));
    const a = fitAlignment(scattered);
    expect(a.sx).toBeGreaterThanOrEqual(0.75);
    expect(a.sy).toBeGreaterThanOrEqual(0.75);
    expect(Math.abs(a.dx)).toBeLessThanOrEqual(0.15);
    expect(Math.abs(a.dy)).toBeLessThanOrEqual(0.15);
  });

  it('fewer than three anchors fit nothing; anchors in one row keep vertical scale 1', () => {
    expect(fitAlignment(grid.slice(0, 2).map((r) => ({ r, s: r, w: 1 })))).toEqual(
      IDENTITY_ALIGNMENT,
    );
    const row = grid.slice(0, 3).map((r) => ({ r, s: { x: r.x, y: r.y + 0.05 }, w: 1 }));
    expect(fitAlignment(row)).toMatchObject({ sx: 1, sy: 1 });
    expect(fitAlignment(row).dy).toBeCloseTo(0.05, 9);
  });
});
