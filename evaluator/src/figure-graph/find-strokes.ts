import type { Mat } from '@techstark/opencv-js';
import type { Rect, Segment, Shape } from './figure-elements.ts';
import type { OpenCv } from './load-opencv.ts';
import { MatScope } from './mat-scope.ts';

export interface FindStrokesOptions {
  /** Word boxes (working pixels): text is not a stroke. */
  words: readonly Rect[];
  /** Shapes found in the figure. */
  shapes: readonly Shape[];
  /** Which shapes are modules: inside and border erased. */
  isModule: readonly boolean[];
  /** Which shapes are containers: border erased, inside kept. */
  isContainer: readonly boolean[];
  /** Longest gap inside a dashed line (working pixels). */
  dashGap: number;
  /** Pixel noise (grey levels, `estimateNoise`): ink must stand out of it. */
  noise: number;
}

/** The strokes left once text and boxes are erased: lines, arrowheads, icons. */
export interface StrokeMap {
  width: number;
  height: number;
  /** 1 where a stroke pixel is, row-major. */
  ink: Uint8Array;
  /** Connected-component id of each stroke pixel (8-connected), 0 for none. */
  component: Int32Array;
  /**
   * Component ids once the straight pieces are drawn in (dashes of one line, and a line and a
   * head drawn apart, become one component): one id per drawn connection.
   */
  connection: Int32Array;
  /** Per connection id: [x, y, w, h, area] of its pixels (OpenCV stats), flat. */
  connectionStats: Int32Array;
  /** Most common line width (working pixels). */
  strokeWidth: number;
  /** Longest gap bridged inside a dashed line (working pixels). */
  dashGap: number;
  /** Straight pieces of lines, duplicates of thick lines merged, dashed ones marked. */
  segments: Segment[];
}

/** Most segments analysed: the longest first (bounded joining work on cluttered figures). */
const MAX_SEGMENTS = 1500;

/**
 * Finds the figure's strokes: ink darker than its surroundings (adaptive threshold, so lines
 * over a coloured container count as well as lines on white), minus the words, the inside and
 * border of every module and the border of every container. The line width is the most common
 * run length of ink across lines. Thick parts (arrowheads, icons, solid areas) are set aside
 * before the probabilistic Hough transform finds straight pieces, so a solid blob does not
 * become a fan of lines; pieces of one thick line are merged, and a piece whose ink alternates
 * with gaps is dashed.
 */
export function findStrokes(cv: OpenCv, rgb: Mat, options: FindStrokesOptions): StrokeMap {
  const scope = new MatScope();
  try {
    const W = rgb.cols;
    const H = rgb.rows;
    const grey = scope.add(new cv.Mat());
    cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY);
    const inkMat = scope.add(new cv.Mat());
    cv.adaptiveThreshold(
      grey,
      inkMat,
      255,
      cv.ADAPTIVE_THRESH_MEAN_C,
      cv.THRESH_BINARY_INV,
      41,
      Math.max(12, 3 * options.noise),
    );
    const ink = inkMat.data.slice();
    for (let i = 0; i < ink.length; i++) ink[i] = ink[i] ? 1 : 0;
    eraseTextAndBoxes(ink, W, H, options);
    const strokeWidth = modeRunLength(ink, W, H);

    // Thick parts: farther from the background than half a line width.
    const inkMask = scope.add(cv.matFromArray(H, W, cv.CV_8UC1, ink));
    cv.threshold(inkMask, inkMask, 0, 255, cv.THRESH_BINARY);
    const dist = scope.add(new cv.Mat());
    cv.distanceTransform(inkMask, dist, cv.DIST_L2, 3);
    const core = scope.add(new cv.Mat());
    cv.threshold(dist, core, strokeWidth / 2 + 1.25, 255, cv.THRESH_BINARY);
    const core8 = scope.add(new cv.Mat());
    core.convertTo(core8, cv.CV_8U);
    const r = Math.ceil(strokeWidth / 2 + 2);
    const disk = scope.add(
      cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * r + 1, 2 * r + 1)),
    );
    const thick = scope.add(new cv.Mat());
    cv.dilate(core8, thick, disk);
    const thin = scope.add(new cv.Mat());
    cv.subtract(inkMask, thick, thin);

    // Dash gaps grow with the line width (matplotlib, SVG and PowerPoint dash patterns are
    // multiples of it).
    const dashGap = Math.max(options.dashGap, 3 * strokeWidth + 3);
    // The Hough transform costs time per stroke pixel: on a large figure it runs on the mask
    // halved (a 2×2 block with any stroke pixel is a stroke pixel, so thin lines survive).
    const f = W * H > 1_200_000 ? 2 : 1;
    let houghInput = thin;
    if (f > 1) {
      houghInput = scope.add(new cv.Mat());
      cv.resize(
        thin,
        houghInput,
        new cv.Size(Math.ceil(W / f), Math.ceil(H / f)),
        0,
        0,
        cv.INTER_AREA,
      );
      cv.threshold(houghInput, houghInput, 0, 255, cv.THRESH_BINARY);
    }
    const lines = scope.add(new cv.Mat());
    const minLen = Math.max(8, 3 * strokeWidth + 2);
    cv.HoughLinesP(
      houghInput,
      lines,
      1,
      Math.PI / 180,
      Math.max(6, Math.round((minLen * 0.6) / f)),
      Math.max(4, minLen / f),
      Math.max(2, dashGap / f),
    );
    const raw = lines.data32S.slice();
    if (f > 1) for (let i = 0; i < raw.length; i++) raw[i] = raw[i]! * f;

    const labels = scope.add(new cv.Mat());
    cv.connectedComponents(inkMask, labels, 8, cv.CV_32S);
    const component = labels.data32S.slice();

    const segments = mergeSegments(raw, strokeWidth)
      .slice(0, MAX_SEGMENTS)
      .map((s) => withCoverage(s, ink, W, H, strokeWidth));

    // Connections: the ink with its dashes joined. Along rows and columns, short dash-like
    // runs (kept by opening with a short line) are closed over the gaps between them; the
    // straight pieces the Hough transform found, which bridge dashes at any angle, are drawn in.
    const bridged = scope.add(inkMask.clone());
    const dash = Math.max(3, strokeWidth + 2);
    const gapK = Math.round(dashGap) | 1;
    for (const [ow, oh, cw, ch] of [
      [dash, 1, gapK, 1],
      [1, dash, 1, gapK],
    ] as const) {
      const opened = scope.add(new cv.Mat());
      const kOpen = scope.add(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(ow, oh)));
      const kClose = scope.add(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(cw, ch)));
      cv.morphologyEx(inkMask, opened, cv.MORPH_OPEN, kOpen);
      cv.morphologyEx(opened, opened, cv.MORPH_CLOSE, kClose);
      cv.bitwise_or(bridged, opened, bridged);
    }
    const t = Math.max(1, Math.round(strokeWidth / 2));
    for (const s of segments) {
      cv.line(
        bridged,
        new cv.Point(Math.round(s.a.x), Math.round(s.a.y)),
        new cv.Point(Math.round(s.b.x), Math.round(s.b.y)),
        new cv.Scalar(255),
        t,
      );
    }
    const cLabels = scope.add(new cv.Mat());
    const cStats = scope.add(new cv.Mat());
    const cCentroids = scope.add(new cv.Mat());
    cv.connectedComponentsWithStats(bridged, cLabels, cStats, cCentroids, 8, cv.CV_32S);
    return {
      width: W,
      height: H,
      ink,
      component,
      connection: cLabels.data32S.slice(),
      connectionStats: cStats.data32S.slice(),
      strokeWidth,
      dashGap,
      segments,
    };
  } finally {
    scope.release();
  }
}

function fillRect(mask: Uint8Array, W: number, H: number, r: Rect, value: number): void {
  const x0 = Math.max(0, Math.floor(r.x));
  const y0 = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(W, Math.ceil(r.x + r.w));
  const y1 = Math.min(H, Math.ceil(r.y + r.h));
  for (let y = y0; y < y1; y++) mask.fill(value, y * W + x0, y * W + Math.max(x0, x1));
}

/** Words, module insides and every box border become background. */
function eraseTextAndBoxes(ink: Uint8Array, W: number, H: number, o: FindStrokesOptions): void {
  for (const w of o.words) {
    const pad = Math.max(2, 0.15 * w.h);
    fillRect(ink, W, H, { x: w.x - pad, y: w.y - pad, w: w.w + 2 * pad, h: w.h + 2 * pad }, 0);
  }
  o.shapes.forEach((s, i) => {
    const pad = 2;
    const r = s.rect;
    // A module's box already reaches a pixel past its outline; more would eat the arrowheads
    // that touch it.
    if (o.isModule[i]) {
      fillRect(ink, W, H, r, 0);
      return;
    }
    if (!o.isContainer[i]) return;
    // A container: only the band of its border (inner edge to outer edge, plus a margin).
    const t = Math.max(s.inner.x - r.x, s.inner.y - r.y, 1) + 3;
    fillRect(ink, W, H, { x: r.x - pad, y: r.y - pad, w: r.w + 2 * pad, h: t + pad }, 0);
    fillRect(ink, W, H, { x: r.x - pad, y: r.y + r.h - t, w: r.w + 2 * pad, h: t + pad }, 0);
    fillRect(ink, W, H, { x: r.x - pad, y: r.y - pad, w: t + pad, h: r.h + 2 * pad }, 0);
    fillRect(ink, W, H, { x: r.x + r.w - t, y: r.y - pad, w: t + pad, h: r.h + 2 * pad }, 0);
  });
}

/** The most common length of short ink runs across rows and columns: the usual line width. */
function modeRunLength(ink: Uint8Array, W: number, H: number): number {
  const hist = new Float64Array(21);
  const count = (len: number) => {
    if (len >= 1 && len <= 20) hist[len]! += 1;
  };
  for (let y = 0; y < H; y++) {
    let run = 0;
    for (let x = 0; x < W; x++) {
      if (ink[y * W + x]) run++;
      else if (run) {
        count(run);
        run = 0;
      }
    }
    count(run);
  }
  for (let x = 0; x < W; x++) {
    let run = 0;
    for (let y = 0; y < H; y++) {
      if (ink[y * W + x]) run++;
      else if (run) {
        count(run);
        run = 0;
      }
    }
    count(run);
  }
  let best = 2;
  for (let i = 1; i <= 20; i++) if (hist[i]! > hist[best]!) best = i;
  return best;
}

interface Line {
  /** A point on the line and its unit direction. */
  px: number;
  py: number;
  ux: number;
  uy: number;
  t0: number;
  t1: number;
}

/**
 * Merges Hough pieces that lie on one line (both ends within a line width plus 2 px of it, the
 * direction within 20°) and overlap or nearly touch: a line several pixels wide comes back from
 * the transform as a bundle of parallel pieces.
 */
function mergeSegments(raw: Int32Array, strokeWidth: number): Segment[] {
  const pieces: { ax: number; ay: number; bx: number; by: number; len: number }[] = [];
  for (let i = 0; i + 3 < raw.length; i += 4) {
    const [ax, ay, bx, by] = [raw[i]!, raw[i + 1]!, raw[i + 2]!, raw[i + 3]!];
    pieces.push({ ax, ay, bx, by, len: Math.hypot(bx - ax, by - ay) });
  }
  pieces.sort((a, b) => b.len - a.len || a.ay - b.ay || a.ax - b.ax || a.by - b.by || a.bx - b.bx);
  const perpTol = strokeWidth + 2;
  const gapTol = strokeWidth + 2;
  // Short pieces have noisy angles: closeness of both ends to the line decides, the angle
  // only rules out crossing pieces.
  const cosTol = Math.cos((20 * Math.PI) / 180);
  const merged: Line[] = [];
  for (const p of pieces) {
    if (p.len === 0) continue;
    const ux = (p.bx - p.ax) / p.len;
    const uy = (p.by - p.ay) / p.len;
    let into: Line | null = null;
    for (const m of merged) {
      if (Math.abs(ux * m.ux + uy * m.uy) < cosTol) continue;
      const da = Math.abs((p.ax - m.px) * -m.uy + (p.ay - m.py) * m.ux);
      const db = Math.abs((p.bx - m.px) * -m.uy + (p.by - m.py) * m.ux);
      if (da > perpTol || db > perpTol) continue;
      const ta = (p.ax - m.px) * m.ux + (p.ay - m.py) * m.uy;
      const tb = (p.bx - m.px) * m.ux + (p.by - m.py) * m.uy;
      const lo = Math.min(ta, tb);
      const hi = Math.max(ta, tb);
      if (lo > m.t1 + gapTol || hi < m.t0 - gapTol) continue;
      into = m;
      m.t0 = Math.min(m.t0, lo);
      m.t1 = Math.max(m.t1, hi);
      break;
    }
    if (!into) merged.push({ px: p.ax, py: p.ay, ux, uy, t0: 0, t1: p.len });
  }
  return merged.map((m) => ({
    a: { x: m.px + m.ux * m.t0, y: m.py + m.uy * m.t0 },
    b: { x: m.px + m.ux * m.t1, y: m.py + m.uy * m.t1 },
    coverage: 1,
    dashed: false,
  }));
}

/** Samples the ink along a segment: share covered, and whether gaps repeat like dashes. */
function withCoverage(s: Segment, ink: Uint8Array, W: number, H: number, sw: number): Segment {
  const len = Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);
  const n = Math.max(2, Math.round(len));
  const ux = (s.b.x - s.a.x) / len;
  const uy = (s.b.y - s.a.y) / len;
  const reach = Math.ceil(sw / 2) + 1;
  let covered = 0;
  let gaps = 0;
  let inGap = 0;
  for (let i = 0; i <= n; i++) {
    const cx = s.a.x + (ux * len * i) / n;
    const cy = s.a.y + (uy * len * i) / n;
    let hit = false;
    for (let d = -reach; d <= reach && !hit; d++) {
      const x = Math.round(cx - uy * d);
      const y = Math.round(cy + ux * d);
      if (x >= 0 && y >= 0 && x < W && y < H && ink[y * W + x]) hit = true;
    }
    if (hit) {
      covered++;
      if (inGap >= 2) gaps++;
      inGap = 0;
    } else inGap++;
  }
  const coverage = covered / (n + 1);
  return { ...s, coverage, dashed: gaps >= 3 && coverage < 0.95 };
}
