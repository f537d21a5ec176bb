import type { Box, Point } from '../schemas/common.schema.ts';
import type { XmlElement } from './parse-xml.ts';
import type { SlideParts } from './slide-parts.ts';
import { boolAttr, child, childrenNamed, numAttr, path } from './xml-query.ts';

/**
 * Where LibreOffice paints an image besides a `p:pic`: every carrier of a raster the audit counts
 * towards picture coverage (issue 22, "hidden raster"). A figure pasted through any of them is
 * judged like the same figure pasted as a picture.
 */

/** One area a node paints with an image, in slide space (EMU). */
export interface RasterArea {
  /** The area's four corners, rotation included, in drawing order (a polygon). */
  corners: Point[];
  /** Axis-aligned bounds of the corners. */
  bounds: Box;
}

/** Frame coordinates (parent space, unrotated) → slide space. */
export type ToSlide = (x: number, y: number) => Point;

/** Fill elements a shape property list may hold; when none is explicit the style's `a:fillRef` applies. */
const EXPLICIT_FILLS = [
  'a:noFill',
  'a:solidFill',
  'a:gradFill',
  'a:pattFill',
  'a:blipFill',
  'a:grpFill',
];

/**
 * True when a shape's interior is an image: its own `a:blipFill`, `a:grpFill` inside a group whose
 * fill is an image, or no explicit fill and a style `a:fillRef` naming a theme fill that is an image.
 */
export function fillIsPicture(
  spPr: XmlElement | undefined,
  style: XmlElement | undefined,
  groupFillIsPicture: boolean,
  parts: SlideParts,
): boolean {
  if (child(spPr, 'a:blipFill')) return true;
  if (child(spPr, 'a:grpFill')) return groupFillIsPicture;
  if (EXPLICIT_FILLS.some((f) => child(spPr, f) !== undefined)) return false;
  return themeFillIsPicture(child(style, 'a:fillRef'), parts);
}

/**
 * The fill a group hands to children that use `a:grpFill`: an image when the group's own
 * `a:grpSpPr` has an `a:blipFill`, or `a:grpFill` inside a group whose fill is an image.
 */
export function groupFillIsPicture(
  grpSpPr: XmlElement | undefined,
  parentFillIsPicture: boolean,
): boolean {
  if (child(grpSpPr, 'a:blipFill')) return true;
  return child(grpSpPr, 'a:grpFill') !== undefined && parentFillIsPicture;
}

/** `a:fillRef idx` 1…999 names the theme's `a:fillStyleLst`, 1001… its `a:bgFillStyleLst` (ECMA-376 20.1.4.2.10). */
function themeFillIsPicture(ref: XmlElement | undefined, parts: SlideParts): boolean {
  const idx = numAttr(ref, 'idx', 0);
  if (idx < 1 || idx === 1000) return false;
  const theme = parts.themePart;
  if (theme === null || !parts.mentions(theme, 'blipFill')) return false;
  const list = idx > 1000 ? 'a:bgFillStyleLst' : 'a:fillStyleLst';
  const fills = path(parts.pkg.xml(theme), 'a:themeElements', 'a:fmtScheme', list)?.children;
  return fills?.[idx > 1000 ? idx - 1001 : idx - 1]?.name === 'a:blipFill';
}

/** Most elements of one text body searched for a picture bullet (a label has a few dozen). */
const MAX_BULLET_SEARCH = 100_000;

/**
 * True when the text body draws picture bullets (`a:buBlip` in its paragraphs or list styles), or
 * when it holds text and the layout or master defines one (list styles reach it by inheritance).
 * A bullet's image can be scaled up to 400 % of a huge font, so the audit counts the whole text
 * frame as painted by it.
 */
export function drawsPictureBullet(txBody: XmlElement | undefined, parts: SlideParts): boolean {
  if (!txBody) return false;
  const stack = [...txBody.children];
  let seen = 0;
  let text = false;
  while (stack.length > 0 && seen < MAX_BULLET_SEARCH) {
    const el = stack.pop()!;
    seen += 1;
    if (el.name === 'a:buBlip') return true;
    if (el.name === 'a:t' && el.text.trim() !== '') text = true;
    stack.push(...el.children);
  }
  return (
    text &&
    (parts.mentions(parts.layoutPart, 'buBlip') || parts.mentions(parts.masterPart, 'buBlip'))
  );
}

/** The area of a rectangle given in frame coordinates. */
export function rectArea(toSlide: ToSlide, x: number, y: number, w: number, h: number): RasterArea {
  // Drawing order: top-left, top-right, bottom-right, bottom-left.
  const corners = [toSlide(x, y), toSlide(x + w, y), toSlide(x + w, y + h), toSlide(x, y + h)].map(
    (p) => ({ x: Math.round(p.x), y: Math.round(p.y) }),
  );
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  return { corners, bounds: { x: x0, y: y0, w: Math.max(...xs) - x0, h: Math.max(...ys) - y0 } };
}

/**
 * Areas of a table painted with images: the whole frame when the table's own properties
 * (`a:tblPr`) are an image fill, and every cell whose `a:tcPr` is (spans included).
 *
 * @param frame the table frame's position and size, in the coordinates `toSlide` takes
 */
export function tableRasterAreas(
  tbl: XmlElement | undefined,
  frame: { x: number; y: number; cx: number; cy: number },
  toSlide: ToSlide,
): RasterArea[] {
  if (!tbl) return [];
  const out: RasterArea[] = [];
  if (child(child(tbl, 'a:tblPr'), 'a:blipFill'))
    out.push(rectArea(toSlide, frame.x, frame.y, frame.cx, frame.cy));
  const cols = childrenNamed(child(tbl, 'a:tblGrid'), 'a:gridCol').map((c) =>
    Math.max(0, numAttr(c, 'w', 0)),
  );
  const colX = [0];
  for (const w of cols) colX.push(colX[colX.length - 1]! + w);
  const rows = childrenNamed(tbl, 'a:tr');
  const rowY = [0];
  for (const r of rows) rowY.push(rowY[rowY.length - 1]! + Math.max(0, numAttr(r, 'h', 0)));
  rows.forEach((row, ri) => {
    childrenNamed(row, 'a:tc').forEach((tc, ci) => {
      if (boolAttr(tc, 'hMerge') || boolAttr(tc, 'vMerge')) return;
      if (!child(child(tc, 'a:tcPr'), 'a:blipFill')) return;
      const c1 = Math.min(ci + Math.max(1, numAttr(tc, 'gridSpan', 1)), cols.length);
      const r1 = Math.min(ri + Math.max(1, numAttr(tc, 'rowSpan', 1)), rows.length);
      const x0 = colX[Math.min(ci, cols.length)]!;
      const y0 = rowY[ri]!;
      out.push(rectArea(toSlide, frame.x + x0, frame.y + y0, colX[c1]! - x0, rowY[r1]! - y0));
    });
  });
  return out;
}
