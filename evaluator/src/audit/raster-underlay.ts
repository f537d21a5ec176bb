import type { Box } from '../schemas/common.schema.ts';
import type { Flag, PictureBox } from '../schemas/audit-record.schema.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/** A picture counts as an underlay only when it covers at least this share of the canvas… */
export const UNDERLAY_MIN_CANVAS_SHARE = 0.1;
/** …and is at least this many times larger than the object lying on it (not an icon in a box). */
export const UNDERLAY_MIN_AREA_RATIO = 4;
/** The flag fires when at least this share of the slide's visible text objects lie on pictures… */
export const UNDERLAY_TEXT_SHARE = 0.5;
/** …and at least this many. */
export const UNDERLAY_MIN_TEXTS = 2;
/** Most picture regions kept in a record (largest first). */
export const MAX_PICTURE_BOXES = 50;
/** Pictures this close (share of the canvas width) form one region: a figure cut in tiles is one picture. */
export const REGION_GAP = 0.005;
/** Most pictures merged into regions (the largest); a deck of 10⁵ tiles is cut, not compared pairwise. */
const MAX_MERGED_PICTURES = 2000;

/**
 * The painted rasters of a slide as regions: each picture clipped to the canvas, and pictures
 * that overlap or touch (within 0.5 % of the canvas width) merged into one region with their
 * common bounds — so a figure pasted as many small tiles is judged like the one picture it is.
 * Largest first (ties by id), at most 50; a region is named by its largest picture.
 */
export function pictureRegions(
  pictures: readonly PictureBox[],
  canvas: { cx: number; cy: number },
): PictureBox[] {
  const area = (b: Box) => b.w * b.h;
  const byArea = (a: PictureBox, b: PictureBox) =>
    area(b.box) - area(a.box) || compareCodeUnits(a.id, b.id);
  const list = pictures
    .map((p) => ({ id: p.id, box: clip(p.box, canvas) }))
    .filter((p) => p.box.w > 0 && p.box.h > 0)
    .sort(byArea)
    .slice(0, MAX_MERGED_PICTURES);
  const gap = REGION_GAP * canvas.cx;
  const parent = list.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!.box;
      const b = list[j]!.box;
      const near =
        a.x <= b.x + b.w + gap &&
        b.x <= a.x + a.w + gap &&
        a.y <= b.y + b.h + gap &&
        b.y <= a.y + a.h + gap;
      if (near) parent[find(j)] = find(i);
    }
  const regions = new Map<number, PictureBox>();
  list.forEach((p, i) => {
    const r = find(i);
    const prev = regions.get(r);
    if (!prev) regions.set(r, { id: p.id, box: { ...p.box } });
    else {
      const x0 = Math.min(prev.box.x, p.box.x);
      const y0 = Math.min(prev.box.y, p.box.y);
      const x1 = Math.max(prev.box.x + prev.box.w, p.box.x + p.box.w);
      const y1 = Math.max(prev.box.y + prev.box.h, p.box.y + p.box.h);
      prev.box = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    }
  });
  return [...regions.values()].sort(byArea).slice(0, MAX_PICTURE_BOXES);
}

function clip(b: Box, canvas: { cx: number; cy: number }): Box {
  const x0 = Math.max(0, b.x);
  const y0 = Math.max(0, b.y);
  const x1 = Math.min(canvas.cx, b.x + b.w);
  const y1 = Math.min(canvas.cy, b.y + b.h);
  return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
}

/**
 * True when `box` lies on a large raster: its centre is inside a picture that covers at least
 * 10 % of the canvas and is at least 4× the box's area. Whether the picture is painted under
 * the object or over it does not matter — either way what the reader sees of that spot is the
 * picture's pixels (text over a pasted figure, or native shapes hidden under it). Any units, as
 * long as `box`, `pictures` and `canvasArea` share them.
 */
export function liesOnPicture(box: Box, pictures: readonly Box[], canvasArea: number): boolean {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const area = Math.abs(box.w * box.h);
  return pictures.some((p) => {
    const pa = Math.abs(p.w * p.h);
    return (
      pa >= UNDERLAY_MIN_CANVAS_SHARE * canvasArea &&
      pa >= UNDERLAY_MIN_AREA_RATIO * area &&
      cx >= p.x &&
      cx <= p.x + p.w &&
      cy >= p.y &&
      cy <= p.y + p.h
    );
  });
}

/**
 * The texts the raster-underlay rule looks at: every text item but those the audit flagged as
 * off the canvas or near-invisible (a reader does not see them, so they cannot lie "on" a picture).
 */
export function visibleTextBoxes(
  flags: readonly Flag[],
  textItems: readonly { shapeId: string; box: Box }[],
): { id: string; box: Box }[] {
  const hidden = new Set(
    flags
      .filter((f) => f.code === 'text-off-canvas' || f.code === 'text-near-invisible')
      .map((f) => f.target),
  );
  return textItems
    .filter((t) => !hidden.has(t.shapeId))
    .map((t) => ({ id: t.shapeId, box: t.box }));
}

/**
 * The `raster-underlay` flag (a FigBoard rule, not ReFigBench's): at least half of the slide's
 * visible text objects (and at least two) lie on large pictures — the figure pasted as a raster
 * with native text laid over its labels, which the paper's flattening cap misses as soon as
 * more than five native objects are added. Null when the slide is not like that.
 *
 * @param texts visible text objects (hidden ones excluded) with their slide-space boxes (EMU)
 * @param pictures every painted raster's bounds (EMU)
 */
export function rasterUnderlayFlag(
  texts: readonly { id: string; box: Box }[],
  pictures: readonly PictureBox[],
  canvas: { cx: number; cy: number },
): Flag | null {
  const area = canvas.cx * canvas.cy;
  const boxes = pictures.map((p) => p.box);
  const on = texts.filter((t) => liesOnPicture(t.box, boxes, area));
  if (on.length < UNDERLAY_MIN_TEXTS || on.length < UNDERLAY_TEXT_SHARE * texts.length) return null;
  const under = pictures.filter((p) => on.some((t) => liesOnPicture(t.box, [p.box], area)));
  const largest = under.reduce((a, b) => (b.box.w * b.box.h > a.box.w * a.box.h ? b : a));
  const share = Math.round(((largest.box.w * largest.box.h) / area) * 100);
  return {
    code: 'raster-underlay',
    target: largest.id,
    detail: `${on.length} of ${texts.length} text objects lie on pictures (the largest covers ${share}% of the canvas): what shows there is the raster, the native text only sits on it (a pasted figure, or a picture background)`,
  };
}
