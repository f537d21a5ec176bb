import type { Mat } from '@techstark/opencv-js';
import type { Rect } from './figure-elements.ts';
import type { OpenCv } from './load-opencv.ts';
import { MatScope } from './mat-scope.ts';

/** A rectangle drawn as four straight sides. */
export interface Frame {
  rect: Rect;
  /** Mean share of each side covered by its drawn line, 0–1. */
  coverage: number;
}

interface Run {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Most long lines examined per direction (the longest first): bounded pairing work. */
const MAX_LINES = 300;

/**
 * Finds rectangles drawn as four straight sides in an edge mask: long horizontal and vertical
 * lines (runs of edge pixels along rows and columns, dash gaps up to `dashGap` bridged) become
 * bands (OpenCV connected components), and every
 * top/bottom pair whose ends meet a left and a right side makes a frame. Lines crossing a frame,
 * boxes inside it and a caption on its border do not matter — which is what makes containers
 * found even when arrows cut their inside into pieces. Corners may be rounded (the sides then
 * stop short of them). `minSide` is the shortest side kept.
 */
export function findFrames(cv: OpenCv, edges: Mat, minSide: number, dashGap: number): Frame[] {
  const scope = new MatScope();
  try {
    const len = Math.max(12, Math.round(minSide * 1.5));
    const gap = Math.max(3, Math.round(dashGap) | 1);
    const W = edges.cols;
    const H = edges.rows;
    const data = edges.data.slice();
    // Per direction: runs of edge pixels along rows (columns) with gaps of less than `gap`
    // bridged (dashes), kept when at least `len` long; parallel lines nearby stay apart. One
    // pass over the pixels, then OpenCV's connected components make the bands.
    const runs = (horizontal: boolean): Run[] => {
      const mask = new Uint8Array(W * H);
      const outer = horizontal ? H : W;
      const inner = horizontal ? W : H;
      const at = (o: number, k: number) => (horizontal ? o * W + k : k * W + o);
      for (let o = 0; o < outer; o++) {
        let start = -1;
        let last = -1;
        const flush = () => {
          if (start >= 0 && last - start + 1 >= len)
            for (let k = start; k <= last; k++) mask[at(o, k)] = 255;
        };
        for (let k = 0; k < inner; k++) {
          if (!data[at(o, k)]) continue;
          if (start < 0 || k - last > gap) {
            flush();
            start = k;
          }
          last = k;
        }
        flush();
      }
      const lines = scope.add(cv.matFromArray(H, W, cv.CV_8UC1, mask));
      const labels = scope.add(new cv.Mat());
      const stats = scope.add(new cv.Mat());
      const centroids = scope.add(new cv.Mat());
      const n = cv.connectedComponentsWithStats(lines, labels, stats, centroids, 8, cv.CV_32S);
      const st = stats.data32S.slice();
      const out: Run[] = [];
      for (let i = 1; i < n; i++)
        out.push({ x: st[5 * i]!, y: st[5 * i + 1]!, w: st[5 * i + 2]!, h: st[5 * i + 3]! });
      return out;
    };
    // Thin bands only: a long line, not a filled area.
    const horizontal = runs(true)
      .filter((r) => r.h <= 12)
      .sort((a, b) => b.w - a.w || a.y - b.y || a.x - b.x)
      .slice(0, MAX_LINES);
    const vertical = runs(false)
      .filter((r) => r.w <= 12)
      .sort((a, b) => b.h - a.h || a.x - b.x || a.y - b.y)
      .slice(0, MAX_LINES);
    const frames: Frame[] = [];
    for (const top of horizontal) {
      for (const bottom of horizontal) {
        if (bottom.y <= top.y + minSide) continue;
        const x0 = Math.max(top.x, bottom.x);
        const x1 = Math.min(top.x + top.w, bottom.x + bottom.w);
        if (x1 - x0 < minSide) continue;
        const height = bottom.y + bottom.h - top.y;
        const tol = Math.max(6, Math.min(25, 0.15 * Math.min(x1 - x0, height)));
        // Sides: vertical lines near the ends of the overlap, spanning most of the height.
        const side = (x: number) =>
          vertical
            .filter(
              (v) =>
                Math.abs(v.x + v.w / 2 - x) <= tol &&
                v.y <= top.y + top.h + tol &&
                v.y + v.h >= bottom.y - tol,
            )
            .sort((a, b) => Math.abs(a.x + a.w / 2 - x) - Math.abs(b.x + b.w / 2 - x))[0];
        const left = side(x0);
        const right = side(x1);
        if (!left || !right || right.x - left.x < minSide) continue;
        // The top and bottom lines must reach both sides.
        const reaches = (h: Run) => h.x <= left.x + left.w + tol && h.x + h.w >= right.x - tol;
        if (!reaches(top) || !reaches(bottom)) continue;
        const rect = {
          x: left.x,
          y: top.y,
          w: right.x + right.w - left.x,
          h: bottom.y + bottom.h - top.y,
        };
        const cover = (a: number, b: number, full: number) =>
          Math.min(1, Math.max(0, b - a) / full);
        const coverage =
          (cover(Math.max(top.x, rect.x), Math.min(top.x + top.w, rect.x + rect.w), rect.w) +
            cover(
              Math.max(bottom.x, rect.x),
              Math.min(bottom.x + bottom.w, rect.x + rect.w),
              rect.w,
            ) +
            cover(Math.max(left.y, rect.y), Math.min(left.y + left.h, rect.y + rect.h), rect.h) +
            cover(
              Math.max(right.y, rect.y),
              Math.min(right.y + right.h, rect.y + rect.h),
              rect.h,
            )) /
          4;
        frames.push({ rect, coverage });
      }
    }
    return frames;
  } finally {
    scope.release();
  }
}
