import type { Mat } from '@techstark/opencv-js';
import type { Rect, Shape } from './figure-elements.ts';
import { findFrames } from './find-frames.ts';
import type { OpenCv } from './load-opencv.ts';
import { MatScope } from './mat-scope.ts';
import { containsRect, iou, overlapArea } from './rect-geometry.ts';

export interface FindShapesOptions {
  /** Word boxes (working pixels): text edges are ignored, and a region mostly inside a word is a
   * letter's counter, not a box. */
  words: readonly Rect[];
  /** Smallest box side kept (working pixels). */
  minSide: number;
  /** Longest gap in a dashed border that is bridged (working pixels). */
  dashGap: number;
  /** Pixel noise (grey levels, `estimateNoise`): edge thresholds rise above it. */
  noise: number;
}

/** Canny thresholds on each colour channel of a clean figure: low enough for pastel fills on
 * white (a step of 10 grey levels); raised in proportion to the noise on noisy ones. */
const CANNY_LOW = 10;
const CANNY_HIGH = 25;
/** Most regions examined closely (the largest first): bounded work on noise. */
const MAX_CANDIDATES = 4000;

/**
 * Finds boxes: closed regions of the figure bounded by edges (a box outline, the border of a
 * filled area, a dashed frame once its gaps are bridged). Edges come from Canny on each colour
 * channel, so a pastel box without an outline is as visible as an outlined one; regions are
 * the connected areas between edges (OpenCV connected components), which makes a rounded,
 * filled or outlined box the same thing. A region is a box when it is convex and fills most of
 * its bounding box (its outer contour's area against the box; ellipses and trapezoids too), or
 * when it runs along the whole rim of its bounding box — a container whose inside is split by
 * the boxes and arrows it holds, or crossed by an arrow leaving it. `pixels` are `rgb`'s bytes
 * (RGB, row-major). Returns shapes sorted top-to-bottom, left-to-right.
 */
export function findShapes(
  cv: OpenCv,
  rgb: Mat,
  pixels: Uint8Array,
  options: FindShapesOptions,
): Shape[] {
  const scope = new MatScope();
  try {
    const W = rgb.cols;
    const H = rgb.rows;
    const blurred = scope.add(new cv.Mat());
    const noisy = options.noise > 2;
    cv.GaussianBlur(rgb, blurred, noisy ? new cv.Size(5, 5) : new cv.Size(3, 3), 0);
    const low = Math.max(CANNY_LOW, 5 * options.noise);
    const channels = scope.add(new cv.MatVector());
    cv.split(blurred, channels);
    const edges = scope.add(cv.Mat.zeros(H, W, cv.CV_8UC1));
    const one = scope.add(new cv.Mat());
    for (let c = 0; c < 3; c++) {
      const ch = channels.get(c);
      cv.Canny(ch, one, low, low * (CANNY_HIGH / CANNY_LOW), 3, true);
      ch.delete();
      cv.bitwise_or(edges, one, edges);
    }
    // Frames are found on every edge: a caption written on or against a frame's side must not
    // cut that side in two.
    const k3 = scope.add(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    const allEdges = scope.add(new cv.Mat());
    cv.dilate(edges, allEdges, k3);
    // Letters are not borders: their edges would cut a box's inside into pieces.
    for (const w of options.words) {
      const x0 = Math.max(0, Math.floor(w.x) - 1);
      const y0 = Math.max(0, Math.floor(w.y) - 1);
      const x1 = Math.min(W, Math.ceil(w.x + w.w) + 1);
      const y1 = Math.min(H, Math.ceil(w.y + w.h) + 1);
      if (x1 > x0 && y1 > y0)
        cv.rectangle(
          edges,
          new cv.Point(x0, y0),
          new cv.Point(x1 - 1, y1 - 1),
          new cv.Scalar(0),
          -1,
        );
    }
    const thick = scope.add(new cv.Mat());
    cv.dilate(edges, thick, k3);
    // Bridge the gaps of dashed borders along rows and columns only, so nearby shapes do not
    // fuse diagonally.
    const k = Math.max(3, Math.round(options.dashGap) | 1);
    const closedH = scope.add(new cv.Mat());
    const closedV = scope.add(new cv.Mat());
    const kh = scope.add(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(k, 1)));
    const kv = scope.add(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(1, k)));
    cv.morphologyEx(thick, closedH, cv.MORPH_CLOSE, kh);
    cv.morphologyEx(thick, closedV, cv.MORPH_CLOSE, kv);
    const closed = scope.add(new cv.Mat());
    cv.bitwise_or(closedH, closedV, closed);
    const open = scope.add(new cv.Mat());
    cv.bitwise_not(closed, open);

    const labelsMat = scope.add(new cv.Mat());
    const stats = scope.add(new cv.Mat());
    const centroids = scope.add(new cv.Mat());
    const count = cv.connectedComponentsWithStats(open, labelsMat, stats, centroids, 4, cv.CV_32S);
    // Copies: views of the WebAssembly heap go stale when it grows.
    const labels = labelsMat.data32S.slice();
    const st = stats.data32S.slice();
    const edgeData = thick.data.slice();

    const imageArea = W * H;
    const candidates: { id: number; inner: Rect; own: number }[] = [];
    for (let id = 1; id < count; id++) {
      const inner = { x: st[5 * id]!, y: st[5 * id + 1]!, w: st[5 * id + 2]!, h: st[5 * id + 3]! };
      const own = st[5 * id + 4]!;
      const touchesEdge =
        inner.x <= 1 || inner.y <= 1 || inner.x + inner.w >= W - 1 || inner.y + inner.h >= H - 1;
      if (
        touchesEdge ||
        inner.w < options.minSide ||
        inner.h < options.minSide ||
        inner.w * inner.h > 0.85 * imageArea ||
        own < 0.2 * inner.w * inner.h
      )
        continue;
      candidates.push({ id, inner, own });
    }
    candidates.sort((a, b) => b.own - a.own || a.id - b.id);

    const shapes: Shape[] = [];
    for (const { id, inner, own } of candidates.slice(0, MAX_CANDIDATES)) {
      const box = inner.w * inner.h;
      // A letter's counter ("o", "D"): mostly inside one word box.
      if (options.words.some((w) => overlapArea(w, inner) > 0.6 * box)) continue;
      const rim = measureRim(labels, W, inner, id);
      const outline = outerContour(cv, labels, W, inner, id);
      const extent = outline.area / box;
      const convex = extent >= 0.6 && outline.solidity >= 0.9;
      const framed = rim >= 0.85 && own >= 0.25 * box;
      if (!convex && !framed) continue;
      const border = measureBorder(edgeData, W, H, inner);
      const closure = measureClosure(edgeData, W, H, inner);
      const rect: Rect = {
        x: inner.x - border.left,
        y: inner.y - border.top,
        w: inner.w + border.left + border.right,
        h: inner.h + border.top + border.bottom,
      };
      const shapeLike = convex
        ? Math.min(1, extent / 0.92) ** 2 * Math.min(1, outline.solidity / 0.97) ** 2
        : Math.min(1, rim / 0.95) ** 2;
      shapes.push({
        rect,
        inner,
        extent: Math.max(extent, framed ? rim : 0),
        solidity: outline.solidity,
        fill: medianFill(pixels, labels, W, inner, id),
        border: Math.max(border.left, border.right, border.top, border.bottom),
        closure,
        origin: convex ? 'region' : 'rim',
        score: shapeLike * (0.5 + 0.5 * closure),
      });
    }
    // Frames drawn as four straight sides: containers whose inside is cut up by the arrows
    // crossing it, boxes whose inside touches their text.
    const regions = [...shapes];
    for (const f of findFrames(cv, allEdges, Math.max(options.minSide, 12), options.dashGap)) {
      if (f.rect.w * f.rect.h > 0.85 * imageArea) continue;
      // An empty frame is only the space between other lines (an arrow, a box side, a border).
      const holds = (r: Rect) =>
        containsRect(f.rect, r, 2) && r.w * r.h < 0.8 * f.rect.w * f.rect.h;
      if (!options.words.some(holds) && !regions.some((s) => holds(s.rect))) continue;
      const inner = {
        x: f.rect.x + 3,
        y: f.rect.y + 3,
        w: Math.max(1, f.rect.w - 6),
        h: Math.max(1, f.rect.h - 6),
      };
      shapes.push({
        rect: f.rect,
        inner,
        extent: 1,
        solidity: 1,
        fill: '#ffffff',
        border: 2,
        closure: f.coverage,
        origin: 'frame',
        score: f.coverage ** 2,
      });
    }
    return dedupe(shapes).sort((a, b) => a.rect.y - b.rect.y || a.rect.x - b.rect.x);
  } finally {
    scope.release();
  }
}

/**
 * One shape per box: of nearly identical ones (a box found as a region and as a frame, a box
 * and the band of its own double outline) the region wins over the frame, then the larger.
 */
function dedupe(shapes: Shape[]): Shape[] {
  const rank = { region: 0, rim: 1, frame: 2 } as const;
  const ordered = [...shapes].sort(
    (a, b) =>
      rank[a.origin] - rank[b.origin] ||
      b.rect.w * b.rect.h - a.rect.w * a.rect.h ||
      a.rect.y - b.rect.y ||
      a.rect.x - b.rect.x,
  );
  const kept: Shape[] = [];
  for (const s of ordered) if (!kept.some((k) => iou(k.rect, s.rect) > 0.8)) kept.push(s);
  return kept;
}

/** Share of the middle 80% of each side of the box (1 px inside) that belongs to the region. */
function measureRim(labels: Int32Array, W: number, r: Rect, id: number): number {
  let hit = 0;
  let total = 0;
  const y0 = r.y + 1;
  const y1 = r.y + r.h - 2;
  const x0 = r.x + 1;
  const x1 = r.x + r.w - 2;
  for (let x = Math.ceil(r.x + 0.1 * r.w); x <= r.x + 0.9 * r.w; x++) {
    total += 2;
    if (labels[y0 * W + x] === id) hit++;
    if (labels[y1 * W + x] === id) hit++;
  }
  for (let y = Math.ceil(r.y + 0.1 * r.h); y <= r.y + 0.9 * r.h; y++) {
    total += 2;
    if (labels[y * W + x0] === id) hit++;
    if (labels[y * W + x1] === id) hit++;
  }
  return total === 0 ? 0 : hit / total;
}

/** Area enclosed by the region's outer contour (holes filled) and its solidity. */
function outerContour(
  cv: OpenCv,
  labels: Int32Array,
  W: number,
  r: Rect,
  id: number,
): { area: number; solidity: number } {
  const mask = new Uint8Array((r.w + 2) * (r.h + 2));
  for (let y = 0; y < r.h; y++) {
    const row = (r.y + y) * W + r.x;
    for (let x = 0; x < r.w; x++)
      if (labels[row + x] === id) mask[(y + 1) * (r.w + 2) + x + 1] = 255;
  }
  const scope = new MatScope();
  try {
    const m = scope.add(cv.matFromArray(r.h + 2, r.w + 2, cv.CV_8UC1, mask));
    const contours = scope.add(new cv.MatVector());
    const hierarchy = scope.add(new cv.Mat());
    cv.findContours(m, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    let area = 0;
    let solidity = 0;
    for (let i = 0; i < contours.size(); i++) {
      const c = scope.add(contours.get(i));
      const a = cv.contourArea(c);
      if (a <= area) continue;
      const hull = scope.add(new cv.Mat());
      cv.convexHull(c, hull, false, true);
      area = a;
      solidity = a / Math.max(1, cv.contourArea(hull));
    }
    return { area, solidity };
  } finally {
    scope.release();
  }
}

/**
 * How far edge pixels reach outward from each side (the border's thickness): five probes along
 * each side, the second smallest kept, so an arrow or arrowhead touching the side (long) or a
 * gap of a dashed border (short) does not decide it.
 */
function measureBorder(
  edges: Uint8Array,
  W: number,
  H: number,
  r: Rect,
): { left: number; right: number; top: number; bottom: number } {
  const cap = 24;
  // Through edge pixels, and across a gap of up to 6 px between two edge bands: a thick
  // outline shows an edge on each side of its (uniform) middle.
  const walk = (x: number, y: number, dx: number, dy: number): number => {
    let last = 0;
    for (let n = 1; n <= cap; n++) {
      const px = x + n * dx;
      const py = y + n * dy;
      if (px < 0 || py < 0 || px >= W || py >= H) break;
      if (edges[py * W + px]) last = n;
      else if (n - last > 6) break;
    }
    return last;
  };
  const fractions = [0.2, 0.35, 0.5, 0.65, 0.8];
  const xs = fractions.map((f) => Math.round(r.x + f * (r.w - 1)));
  const ys = fractions.map((f) => Math.round(r.y + f * (r.h - 1)));
  const side = (f: (i: number) => number) =>
    fractions.map((_, i) => f(i)).sort((a, b) => a - b)[1]!;
  return {
    left: side((i) => walk(r.x, ys[i]!, -1, 0)),
    right: side((i) => walk(r.x + r.w - 1, ys[i]!, 1, 0)),
    top: side((i) => walk(xs[i]!, r.y, 0, -1)),
    bottom: side((i) => walk(xs[i]!, r.y + r.h - 1, 0, 1)),
  };
}

/** Share of the region's perimeter with a drawn edge right outside it (1 = closed outline). */
function measureClosure(edges: Uint8Array, W: number, H: number, r: Rect): number {
  let hit = 0;
  let total = 0;
  const probe = (x: number, y: number, dx: number, dy: number) => {
    total++;
    for (let d = 1; d <= 3; d++) {
      const px = x + d * dx;
      const py = y + d * dy;
      if (px >= 0 && py >= 0 && px < W && py < H && edges[py * W + px]) {
        hit++;
        return;
      }
    }
  };
  const step = Math.max(1, Math.floor(Math.min(r.w, r.h) / 40));
  for (let x = r.x + 2; x < r.x + r.w - 2; x += step) {
    probe(x, r.y, 0, -1);
    probe(x, r.y + r.h - 1, 0, 1);
  }
  for (let y = r.y + 2; y < r.y + r.h - 2; y += step) {
    probe(r.x, y, -1, 0);
    probe(r.x + r.w - 1, y, 1, 0);
  }
  return total === 0 ? 0 : hit / total;
}

/** Median colour of the region's own pixels, sampled on a grid. */
function medianFill(rgb: Uint8Array, labels: Int32Array, W: number, r: Rect, id: number): string {
  const rs: number[] = [];
  const gs: number[] = [];
  const bs: number[] = [];
  const nx = Math.min(24, r.w);
  const ny = Math.min(24, r.h);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const x = Math.floor(r.x + ((i + 0.5) * r.w) / nx);
      const y = Math.floor(r.y + ((j + 0.5) * r.h) / ny);
      if (labels[y * W + x] !== id) continue;
      const p = (y * W + x) * 3;
      rs.push(rgb[p]!);
      gs.push(rgb[p + 1]!);
      bs.push(rgb[p + 2]!);
    }
  }
  if (rs.length === 0) return '#ffffff';
  const med = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1]!;
  return `#${[med(rs), med(gs), med(bs)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
