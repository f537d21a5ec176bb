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
 * lines (dashed ones once their gaps, up to `dashGap`, are closed along the line) are kept by
 * opening the mask with a long thin kernel (OpenCV morphology), and every
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
    // Per direction: bridge dash gaps along the line only (so parallel lines nearby stay
    // apart), then keep runs at least `len` long.
    const runs = (kw: number, kh: number): Run[] => {
      const horizontal = kh === 1;
      const kc = scope.add(
        cv.getStructuringElement(
          cv.MORPH_RECT,
          horizontal ? new cv.Size(gap, 1) : new cv.Size(1, gap),
        ),
      );
      const k = scope.add(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(kw, kh)));
      const lines = scope.add(new cv.Mat());
      cv.morphologyEx(edges, lines, cv.MORPH_CLOSE, kc);
      cv.morphologyEx(lines, lines, cv.MORPH_OPEN, k);
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
    const horizontal = runs(len, 1)
      .filter((r) => r.h <= 12)
      .sort((a, b) => b.w - a.w || a.y - b.y || a.x - b.x)
      .slice(0, MAX_LINES);
    const vertical = runs(1, len)
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
