import type { RgbImage } from '../../image/decode-image.ts';
import type { Box } from '../../schemas/common.schema.ts';
import type { SlideObject } from '../../schemas/audit-record.schema.ts';
import { normalizeBox } from './slide-geometry.ts';

/**
 * A channel difference (0–255) between neighbouring pixels at which a pixel is text ink. White
 * on a pale module fill (#DAE8FC) is 37 — unreadable; the lightest grey labels real figures use
 * (#BFBFBF on white) 64, black on any pastel fill over 200.
 */
export const TEXT_INK_DELTA = 56;
/** The same for a shape's outline or fill edge (a borderless pastel box on white differs by 35–50). */
export const SHAPE_INK_DELTA = 16;
/**
 * Text ink (see {@link inkCounter}) a legible run leaves per non-space character, in units of
 * the render's pixels per point. Measured on real LibreOffice renders of black text on white at
 * 96 dpi (200 dpi in brackets): 1 pt 0.28 (0.52), 2 pt 1.2 (3.3), 3 pt 3.4 (7.5), 8 pt 22 (31),
 * 8 pt #BFBFBF 3.7 (4.5), white on #DAE8FC or #FFF2CC 0, white on #4472C4 38 (42). So 1 pt and
 * the colour beneath fail, 3 pt and the palest honest grey pass, 2 pt (the audit's own
 * near-invisible bar) sits at the line.
 */
export const MIN_INK_PER_CHAR = 2;
/** Shape ink needed per pixel of the outline's length: a drawn outline or a fill's edge leaves about 1–2. */
export const MIN_INK_PER_OUTLINE_PX = 0.25;
/** Default text insets (`a:bodyPr` lIns/rIns 0.1 in, tIns/bIns 0.05 in) the text region drops, in EMU. */
const INSET_X = 91_440;
const INSET_Y = 45_720;
const EMU_PER_PT = 12_700;
/** Most objects checked (as `MAX_GRAPH_OBJECTS`): a 10⁵-shape deck is cut, not scanned slowly. */
const MAX_CHECKED = 2000;

/** What the render does not show, by object id. */
export interface UnseenContent {
  /** Objects whose text leaves no legible ink where it is laid out (covered, tiny, or the colour beneath). */
  text: Set<string>;
  /** Shapes and relations that leave no ink at all where they are drawn (covered, or drawn in the colour beneath). */
  shapes: Set<string>;
}

/**
 * Checks every native object against the rendered slide, so only what a reader sees earns T, S,
 * L or E: a label must leave text ink inside its text box (beyond the insets), a shape or
 * relation must leave ink anywhere in its frame (its outline, its fill's edge, its stroke). Ink is
 * a colour edge in the render, so a label the colour of what lies behind it — under an opaque
 * shape drawn on top, white through an inherited style, 1 pt — shows none, whatever the file
 * declares about it.
 *
 * @param render the rendered slide at its own resolution (the whole slide, `fit: 'fill'`)
 * @param slideSize slide size in EMU
 */
export function findUnseenContent(
  objects: readonly SlideObject[],
  render: RgbImage,
  slideSize: { cx: number; cy: number },
): UnseenContent {
  const out: UnseenContent = { text: new Set(), shapes: new Set() };
  if (slideSize.cx <= 0 || slideSize.cy <= 0 || render.width === 0 || render.height === 0)
    return out;
  const sx = render.width / slideSize.cx;
  const sy = render.height / slideSize.cy;
  const pxPerPt = sx * EMU_PER_PT;
  const textInk = inkCounter(render, TEXT_INK_DELTA);
  const shapeInk = inkCounter(render, SHAPE_INK_DELTA);
  for (const o of objects.slice(0, MAX_CHECKED)) {
    if (o.kind === 'group' || o.kind === 'picture' || o.kind === 'chart' || o.kind === 'frame')
      continue;
    const frame = rotatedBounds(normalizeBox(o.box), o.rotation);
    const toPx = (b: Box, pad: number) => ({
      x0: Math.max(0, Math.floor(b.x * sx) - pad),
      y0: Math.max(0, Math.floor(b.y * sy) - pad),
      x1: Math.min(render.width, Math.ceil((b.x + b.w) * sx) + pad),
      y1: Math.min(render.height, Math.ceil((b.y + b.h) * sy) + pad),
    });
    const text = o.text.replace(/\s+/g, '');
    if (text !== '' && o.kind !== 'table') {
      const ix = Math.min(INSET_X, frame.w / 4);
      const iy = Math.min(INSET_Y, frame.h / 4);
      const inner = { x: frame.x + ix, y: frame.y + iy, w: frame.w - 2 * ix, h: frame.h - 2 * iy };
      const ink = textInk(toPx(inner, 0));
      if (ink < MIN_INK_PER_CHAR * pxPerPt * text.length) out.text.add(o.id);
    }
    // A label that shows is drawn, whatever its box's own ink; a table's cells are its business.
    if (o.kind === 'table' || (text !== '' && !out.text.has(o.id))) continue;
    const region = toPx(frame, 2);
    const w = region.x1 - region.x0;
    const h = region.y1 - region.y0;
    if (w <= 0 || h <= 0) {
      out.shapes.add(o.id); // wholly off the render
      continue;
    }
    // A line's frame is its span: its stroke runs corner to corner (or along a side).
    const isLine = o.start !== null && o.end !== null;
    const outline = isLine ? Math.hypot(w, h) : 2 * (w + h);
    if (shapeInk(region) < MIN_INK_PER_OUTLINE_PX * outline) out.shapes.add(o.id);
  }
  return out;
}

/**
 * Counts of "ink" pixels — a pixel whose colour differs from its right or lower neighbour by at
 * least `delta` in some channel — over any rectangle in O(1), from one summed-area table. A
 * uniform region (covered, or drawn in the colour beneath) has none; a glyph or an outline leaves
 * them along its edges. One pass over the render, whatever the number of objects.
 */
export function inkCounter(
  img: RgbImage,
  delta: number,
): (r: { x0: number; y0: number; x1: number; y1: number }) => number {
  const W = img.width;
  const H = img.height;
  const sat = new Float64Array((W + 1) * (H + 1));
  const d = img.data;
  const differs = (i: number, j: number) =>
    Math.abs(d[i]! - d[j]!) >= delta ||
    Math.abs(d[i + 1]! - d[j + 1]!) >= delta ||
    Math.abs(d[i + 2]! - d[j + 2]!) >= delta;
  for (let y = 0; y < H; y++) {
    let row = 0;
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const edge = (x + 1 < W && differs(i, i + 3)) || (y + 1 < H && differs(i, i + 3 * W));
      if (edge) row++;
      sat[(y + 1) * (W + 1) + x + 1] = sat[y * (W + 1) + x + 1]! + row;
    }
  }
  return (r) => {
    const x0 = Math.max(0, Math.min(W, r.x0));
    const x1 = Math.max(0, Math.min(W, r.x1));
    const y0 = Math.max(0, Math.min(H, r.y0));
    const y1 = Math.max(0, Math.min(H, r.y1));
    if (x1 <= x0 || y1 <= y0) return 0;
    const at = (x: number, y: number) => sat[y * (W + 1) + x]!;
    return at(x1, y1) - at(x0, y1) - at(x1, y0) + at(x0, y0);
  };
}

/** Axis-aligned bounds of a box turned `degrees` clockwise about its centre. */
function rotatedBounds(b: Box, degrees: number): Box {
  const t = (((degrees % 180) + 180) % 180) * (Math.PI / 180);
  if (t === 0) return b;
  const c = Math.abs(Math.cos(t));
  const s = Math.abs(Math.sin(t));
  const w = b.w * c + b.h * s;
  const h = b.w * s + b.h * c;
  return { x: b.x + b.w / 2 - w / 2, y: b.y + b.h / 2 - h / 2, w, h };
}
