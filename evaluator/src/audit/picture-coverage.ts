import type { Box, Point } from '../schemas/common.schema.ts';
import { round } from '../util/round.ts';
import { clipToCanvas, unionArea } from './union-area.ts';

/** How much of the canvas rasters cover. */
export interface PictureCoverage {
  /** Largest single picture's area inside the canvas / canvas area. */
  largest: number;
  /** Area of the union of all pictures inside the canvas / canvas area. */
  union: number;
}

/** A painted raster: its exact corners (rotation included) and axis-aligned bounds. */
export interface PicturePlacement {
  corners: readonly Point[];
  bounds: Box;
}

/**
 * Coverage of the canvas by pictures (slide pictures, picture-filled shapes, inherited
 * backgrounds and layout/master pictures). `largest` is exact: each picture's (possibly rotated)
 * quadrilateral is clipped to the canvas. `union` uses axis-aligned bounds, exact for pictures
 * rotated by multiples of 90° and an upper bound otherwise. Rounded to 4 decimals so
 * floating-point noise never reaches a record.
 */
export function pictureCoverage(
  pictures: readonly PicturePlacement[],
  canvas: { cx: number; cy: number },
): PictureCoverage {
  const area = canvas.cx * canvas.cy;
  if (area <= 0 || pictures.length === 0) return { largest: 0, union: 0 };
  const largest = pictures.reduce((m, p) => Math.max(m, clippedPolygonArea(p.corners, canvas)), 0);
  const union = unionArea(pictures.map((p) => clipToCanvas(p.bounds, canvas)));
  return { largest: round(Math.min(1, largest / area)), union: round(Math.min(1, union / area)) };
}

/** Area of a convex polygon clipped to the canvas rectangle (Sutherland–Hodgman, then the shoelace formula). */
export function clippedPolygonArea(
  polygon: readonly Point[],
  canvas: { cx: number; cy: number },
): number {
  let pts: Point[] = [...polygon];
  const edges: Array<[(p: Point) => number, (a: Point, b: Point) => Point]> = [
    [(p) => p.x, (a, b) => cut(a, b, (a.x - 0) / (a.x - b.x))],
    [(p) => canvas.cx - p.x, (a, b) => cut(a, b, (canvas.cx - a.x) / (b.x - a.x))],
    [(p) => p.y, (a, b) => cut(a, b, (a.y - 0) / (a.y - b.y))],
    [(p) => canvas.cy - p.y, (a, b) => cut(a, b, (canvas.cy - a.y) / (b.y - a.y))],
  ];
  for (const [inside, intersect] of edges) {
    const out: Point[] = [];
    for (let i = 0; i < pts.length; i++) {
      const cur = pts[i]!;
      const prev = pts[(i + pts.length - 1) % pts.length]!;
      const curIn = inside(cur) >= 0;
      const prevIn = inside(prev) >= 0;
      if (curIn) {
        if (!prevIn) out.push(intersect(prev, cur));
        out.push(cur);
      } else if (prevIn) {
        out.push(intersect(prev, cur));
      }
    }
    pts = out;
    if (pts.length === 0) return 0;
  }
  let twice = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

function cut(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}
