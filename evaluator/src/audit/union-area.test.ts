import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Box } from '../schemas/common.schema.ts';
import { clippedPolygonArea } from './picture-coverage.ts';
import { unionArea } from './union-area.ts';

// Brute force over the grid every rectangle edge lies on: the reference the sweep must match.
function gridUnion(rects: Box[]): number {
  const xs = [...new Set(rects.flatMap((r) => [r.x, r.x + r.w]))].sort((a, b) => a - b);
  const ys = [...new Set(rects.flatMap((r) => [r.y, r.y + r.h]))].sort((a, b) => a - b);
  let area = 0;
  for (let i = 0; i + 1 < xs.length; i++) {
    for (let j = 0; j + 1 < ys.length; j++) {
      const cx = (xs[i]! + xs[i + 1]!) / 2;
      const cy = (ys[j]! + ys[j + 1]!) / 2;
      if (
        rects.some(
          (r) => r.w > 0 && r.h > 0 && cx > r.x && cx < r.x + r.w && cy > r.y && cy < r.y + r.h,
        )
      )
        area += (xs[i + 1]! - xs[i]!) * (ys[j + 1]! - ys[j]!);
    }
  }
  return area;
}

describe('unionArea', () => {
  it('counts overlaps once and ignores empty rectangles', () => {
    expect(unionArea([])).toBe(0);
    expect(
      unionArea([
        { x: 0, y: 0, w: 10, h: 10 },
        { x: 5, y: 5, w: 10, h: 10 },
        { x: 3, y: 3, w: 0, h: 50 },
      ]),
    ).toBe(175);
    expect(
      unionArea([
        { x: 0, y: 0, w: 10, h: 10 },
        { x: 2, y: 2, w: 2, h: 2 },
      ]),
    ).toBe(100);
  });

  it('matches a brute-force grid count on random rectangles', () => {
    const box = fc.record({
      x: fc.integer({ min: -50, max: 50 }),
      y: fc.integer({ min: -50, max: 50 }),
      w: fc.integer({ min: 0, max: 60 }),
      h: fc.integer({ min: 0, max: 60 }),
    });
    fc.assert(
      fc.property(
        fc.array(box, { maxLength: 12 }),
        (rects) => unionArea(rects) === gridUnion(rects),
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it('handles thousands of rectangles quickly', () => {
    const rects = Array.from({ length: 5000 }, (_, i) => ({
      x: (i * 37) % 1000,
      y: (i * 91) % 1000,
      w: 50,
      h: 30,
    }));
    const t = performance.now();
    expect(unionArea(rects)).toBeGreaterThan(0);
    expect(performance.now() - t).toBeLessThan(1000);
  });
});

describe('clippedPolygonArea', () => {
  const canvas = { cx: 100, cy: 100 };
  it('clips a polygon to the canvas', () => {
    const square = (x: number, y: number, s: number) => [
      { x, y },
      { x: x + s, y },
      { x: x + s, y: y + s },
      { x, y: y + s },
    ];
    expect(clippedPolygonArea(square(10, 10, 20), canvas)).toBe(400);
    expect(clippedPolygonArea(square(-10, -10, 20), canvas)).toBe(100);
    expect(clippedPolygonArea(square(200, 200, 20), canvas)).toBe(0);
    expect(clippedPolygonArea(square(-50, -50, 300), canvas)).toBe(10000);
    // A diamond centred on the corner (0, 0) with half-diagonal 10: a quarter of it is inside.
    expect(
      clippedPolygonArea(
        [
          { x: 0, y: -10 },
          { x: 10, y: 0 },
          { x: 0, y: 10 },
          { x: -10, y: 0 },
        ],
        canvas,
      ),
    ).toBeCloseTo(50, 9);
  });
});
