import type { Box, Point } from '../../schemas/common.schema.ts';

/**
 * Geometry in "slide units": the slide's width is 1 and its height is cy/cx, so distances are
 * isotropic and comparable across slide sizes. Source-figure pixels are mapped into the same
 * frame by fitting the figure inside the slide (aspect preserved, centred) — what an agent that
 * reproduces the figure on one slide does.
 */
export interface Frame {
  /** Slide height / width. */
  aspect: number;
  /** Maps a source-pixel box into slide units. */
  fromSource(box: Box): Box;
  /** Maps an EMU box into slide units. */
  fromEmu(box: Box): Box;
  fromEmuPoint(p: Point): Point;
}

/** Builds the frame for one slide size (EMU) and one source image size (pixels). */
export function createFrame(
  slide: { cx: number; cy: number },
  source: { width: number; height: number },
): Frame {
  const cx = slide.cx > 0 ? slide.cx : 1;
  const aspect = slide.cy > 0 ? slide.cy / cx : 0.5625;
  const sw = source.width > 0 ? source.width : 1;
  const sh = source.height > 0 ? source.height : 1;
  const scale = Math.min(1 / sw, aspect / sh);
  const ox = (1 - sw * scale) / 2;
  const oy = (aspect - sh * scale) / 2;
  return {
    aspect,
    fromSource: (b) => ({
      x: ox + b.x * scale,
      y: oy + b.y * scale,
      w: b.w * scale,
      h: b.h * scale,
    }),
    fromEmu: (b) => ({ x: b.x / cx, y: b.y / cx, w: b.w / cx, h: b.h / cx }),
    fromEmuPoint: (p) => ({ x: p.x / cx, y: p.y / cx }),
  };
}

/** Centre point of a box. */
export function centerOf(b: Box): Point {
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
}

/** Area of a box (0 for negative extents). */
export function areaOf(b: Box): number {
  return Math.max(0, b.w) * Math.max(0, b.h);
}

/** True when `p` lies in `b`, grown by `slack` on every side. */
export function containsPoint(b: Box, p: Point, slack = 0): boolean {
  return (
    p.x >= b.x - slack && p.x <= b.x + b.w + slack && p.y >= b.y - slack && p.y <= b.y + b.h + slack
  );
}

/** Euclidean distance from a point to a box (0 when inside). */
export function pointToBoxDistance(p: Point, b: Box): number {
  const dx = Math.max(b.x - p.x, 0, p.x - (b.x + b.w));
  const dy = Math.max(b.y - p.y, 0, p.y - (b.y + b.h));
  return Math.hypot(dx, dy);
}

/** Distance from a point to a box's outline (0 on it; inside, the distance to the nearest side). */
export function pointToOutlineDistance(p: Point, b: Box): number {
  const outside = pointToBoxDistance(p, b);
  if (outside > 0) return outside;
  return Math.min(p.x - b.x, b.x + b.w - p.x, p.y - b.y, b.y + b.h - p.y);
}

/** Euclidean distance between two points. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Normalises negative extents (flipped boxes written with negative cx/cy) to a plain box. */
export function normalizeBox(b: Box): Box {
  return {
    x: b.w < 0 ? b.x + b.w : b.x,
    y: b.h < 0 ? b.y + b.h : b.y,
    w: Math.abs(b.w),
    h: Math.abs(b.h),
  };
}
