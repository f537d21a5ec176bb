import type { Vec } from './figure-elements.ts';
import type { StrokeMap } from './find-strokes.ts';

/** What the ink at one end of a line says. */
export interface EndReading {
  /** Where the ink of the line ends (the tip when there is a head). */
  tip: Vec;
  /** 0–1: how much the end looks like an arrowhead (≥ 0.5 counts as one). */
  headness: number;
  /** How far the widest point reaches past the shaft's half width (pixels), 0 for none. */
  spread: number;
  /** Mean width of the head part over its widest (low = tapering to a tip). */
  taper: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Reads the end of a line for an arrowhead. It follows the line's axis through the end (across
 * gaps of up to `gapTolerance` px, so the last dash of a dashed line and a head drawn apart
 * from it are one end) and collects the ink components met on the axis; then, step by step
 * along the axis, it measures how far that ink reaches on *both* sides: a line stays half a
 * line width wide; an arrowhead, filled or drawn as an open "V", widens sharply and narrows to
 * its tip. Three soft tests make the score: the widest point is at least about twice the shaft,
 * the head tapers (its mean width well below its widest), and it is at least half as long as
 * it is wide. Taking the narrower side makes a one-sided branch, a corner or a box border not
 * a head. `lineWidth` is the line's own width (the figure's usual one by default): the reach of
 * the reading scales with it.
 */
export function detectArrowhead(
  map: StrokeMap,
  point: Vec,
  dir: Vec,
  gapTolerance = 3,
  lineWidth = map.strokeWidth,
): EndReading {
  const { ink, component, width: W, height: H } = map;
  const w = lineWidth;
  const reachAlong = Math.max(14, 8 * w + 8);
  const reachSide = Math.max(10, 6 * w + 6);
  const axisHalf = Math.ceil(w / 2) + 1;
  const nx = -dir.y;
  const ny = dir.x;
  const at = (x: number, y: number): number => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= W || yi >= H) return 0;
    const i = yi * W + xi;
    return ink[i] ? component[i]! : 0;
  };
  // 1. Along the axis: the line's components and where its ink ends.
  const allowed = new Set<number>();
  let tEnd = 0;
  let gap = 0;
  let seen = false;
  for (let t = -2 * reachAlong; t <= reachAlong; t++) {
    const cx = point.x + dir.x * t;
    const cy = point.y + dir.y * t;
    let hit = false;
    for (let s = -axisHalf; s <= axisHalf; s++) {
      const c = at(cx + nx * s, cy + ny * s);
      if (c) {
        hit = true;
        if (t >= -3 * w - 3) allowed.add(c);
      }
    }
    if (t < 0) {
      seen ||= hit;
      continue;
    }
    if (hit) {
      tEnd = t;
      gap = 0;
      seen = true;
    } else if (++gap > gapTolerance) break;
  }
  if (!seen || allowed.size === 0) return { tip: point, headness: 0, spread: 0, taper: 1 };
  const tip = { x: point.x + dir.x * tEnd, y: point.y + dir.y * tEnd };
  // 2. Across the axis: the narrower reach of the line's ink on the two sides.
  const half = (t: number): number => {
    const cx = point.x + dir.x * t;
    const cy = point.y + dir.y * t;
    let pos = -1;
    let neg = -1;
    for (let s = 0; s <= reachSide; s++) {
      if (allowed.has(at(cx + nx * s, cy + ny * s))) pos = s;
      if (allowed.has(at(cx - nx * s, cy - ny * s))) neg = s;
    }
    return Math.max(0, Math.min(pos, neg));
  };
  // The shaft's own half width (a thin line beside thick ones elsewhere keeps its own).
  const shaft: number[] = [];
  for (let t = tEnd - 2 * reachAlong; t <= tEnd - reachAlong; t++) {
    const cx = point.x + dir.x * t;
    const cy = point.y + dir.y * t;
    if (
      allowed.has(at(cx, cy)) ||
      allowed.has(at(cx + nx, cy + ny)) ||
      allowed.has(at(cx - nx, cy - ny))
    )
      shaft.push(half(t));
  }
  shaft.sort((a, b) => a - b);
  const h0 = Math.max(0.75, shaft.length >= 3 ? shaft[shaft.length >> 1]! : w / 2);
  const halves: number[] = [];
  let hMax = 0;
  let iBase = 0;
  for (let t = tEnd - reachAlong; t <= tEnd; t++) {
    const h = half(t);
    halves.push(h);
    if (h > hMax) {
      hMax = h;
      iBase = halves.length - 1;
    }
  }
  const length = halves.length - 1 - iBase;
  if (hMax <= 0 || length <= 0) return { tip, headness: 0, spread: 0, taper: 1 };
  let sum = 0;
  for (let i = iBase + 1; i < halves.length; i++) sum += halves[i]!;
  const taper = sum / length / hMax;
  const widen = sigmoid((hMax / h0 - 2.2) / 0.3) * sigmoid((hMax - h0 - 2) / 0.5);
  const narrows = sigmoid((0.72 - taper) / 0.06);
  const long = sigmoid((length / hMax - 0.5) / 0.12);
  return { tip, headness: widen * narrows * long, spread: hMax - h0, taper };
}
