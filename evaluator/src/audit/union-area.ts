import type { Box } from '../schemas/common.schema.ts';

/**
 * Area of the union of axis-aligned rectangles: an x-sweep over a segment tree on the y edges,
 * O(n log n), so a slide with thousands of pictures costs milliseconds.
 */
export function unionArea(rects: readonly Box[]): number {
  const rs = rects.filter((r) => r.w > 0 && r.h > 0);
  if (rs.length === 0) return 0;
  const ys = [...new Set(rs.flatMap((r) => [r.y, r.y + r.h]))].sort((a, b) => a - b);
  const yIndex = new Map(ys.map((y, i) => [y, i]));
  const events = rs
    .flatMap((r) => [
      { x: r.x, delta: 1, lo: yIndex.get(r.y)!, hi: yIndex.get(r.y + r.h)! },
      { x: r.x + r.w, delta: -1, lo: yIndex.get(r.y)!, hi: yIndex.get(r.y + r.h)! },
    ])
    .sort((a, b) => a.x - b.x || b.delta - a.delta);
  const segments = ys.length - 1;
  const count = new Int32Array(4 * segments);
  const covered = new Float64Array(4 * segments);
  const update = (
    node: number,
    l: number,
    r: number,
    lo: number,
    hi: number,
    delta: number,
  ): void => {
    if (hi <= l || r <= lo) return;
    if (lo <= l && r <= hi) {
      count[node]! += delta;
    } else {
      const mid = (l + r) >> 1;
      update(2 * node, l, mid, lo, hi, delta);
      update(2 * node + 1, mid, r, lo, hi, delta);
    }
    if (count[node]! > 0) covered[node] = ys[r]! - ys[l]!;
    else covered[node] = r - l === 1 ? 0 : covered[2 * node]! + covered[2 * node + 1]!;
  };
  let area = 0;
  let lastX = events[0]!.x;
  for (const e of events) {
    area += covered[1]! * (e.x - lastX);
    lastX = e.x;
    update(1, 0, segments, e.lo, e.hi, e.delta);
  }
  return area;
}

/** The part of a box inside the canvas [0, cx] × [0, cy] (zero-sized when outside). */
export function clipToCanvas(b: Box, canvas: { cx: number; cy: number }): Box {
  const x0 = Math.max(0, b.x);
  const y0 = Math.max(0, b.y);
  const x1 = Math.min(canvas.cx, b.x + b.w);
  const y1 = Math.min(canvas.cy, b.y + b.h);
  return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
}
