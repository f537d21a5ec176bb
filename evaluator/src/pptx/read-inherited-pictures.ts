import type { Box, Point } from '../schemas/common.schema.ts';
import { buildSlideTree } from './build-slide-tree.ts';
import type { XmlElement } from './parse-xml.ts';
import type { SlideParts } from './slide-parts.ts';
import { child, numAttr, path } from './xml-query.ts';

/** A raster the slide shows that is not one of its own objects. */
export interface InheritedPicture {
  /** `background` (a picture fill of the slide, layout or master background) or `layout`/`master` (a picture shape drawn under the slide). */
  source: 'background' | 'layout' | 'master';
  /** The part it comes from. */
  part: string;
  /** Slide-space bounds (EMU); the whole canvas for a background. */
  bounds: Box;
  /** Corners in slide space (EMU), as a polygon. */
  corners: Point[];
}

/**
 * Rasters painted under slide 1 by inheritance — what a raster paste hidden in a background or a
 * layout would use to escape the flattening cap:
 * - the effective background (the slide's own `p:bg`, else its layout's, else its master's) when
 *   it is a picture fill (`p:bgPr/a:blipFill`, or `p:bgRef` naming a theme picture fill);
 * - picture shapes (`p:pic`, and every other raster carrier of `raster-carriers.ts`) on the layout and master, unless
 *   `showMasterSp="0"` hides them. Placeholders on layouts and masters are never drawn on the slide.
 * Layouts, masters and themes are parsed only when their text mentions what is looked for.
 */
export function readInheritedPictures(
  parts: SlideParts,
  slide: XmlElement,
  canvas: { cx: number; cy: number },
): InheritedPicture[] {
  const out: InheritedPicture[] = [];
  const full: Box = { x: 0, y: 0, w: canvas.cx, h: canvas.cy };
  const fullCorners: Point[] = [
    { x: 0, y: 0 },
    { x: canvas.cx, y: 0 },
    { x: canvas.cx, y: canvas.cy },
    { x: 0, y: canvas.cy },
  ];

  // 1. The effective background: the first of slide, layout, master that has a p:bg.
  const inheritedBg = (
    part: string | null,
    root: () => XmlElement | null,
  ): XmlElement | undefined => {
    if (part === null || (!parts.mentions(part, 'bgPr') && !parts.mentions(part, 'bgRef')))
      return undefined;
    const bg = parts.firstElement(part, 'bg');
    return bg?.name === 'p:bg' ? bg : path(root() ?? undefined, 'p:cSld', 'p:bg');
  };
  const chain: Array<{ part: string; bg: () => XmlElement | undefined }> = [
    { part: parts.slidePart, bg: () => path(slide, 'p:cSld', 'p:bg') },
    { part: parts.layoutPart ?? '', bg: () => inheritedBg(parts.layoutPart, () => parts.layout()) },
    { part: parts.masterPart ?? '', bg: () => inheritedBg(parts.masterPart, () => parts.master()) },
  ];
  for (const { part, bg: read } of chain) {
    if (part === '') continue;
    const bg = read();
    if (!bg) continue;
    if (isPictureBackground(bg, parts))
      out.push({ source: 'background', part, bounds: full, corners: fullCorners });
    break;
  }

  // 2. Picture shapes on the layout and master, when shown under the slide.
  const hides = (root: XmlElement | null) =>
    root?.attrs.showMasterSp === '0' || root?.attrs.showMasterSp === 'false';
  if (hides(slide)) return out;
  const layout = parts.layoutPart;
  if (layout !== null && paintsAny(parts, layout)) {
    const root = parts.layout()!;
    for (const n of buildSlideTree(parts, root, { picturesOnly: true }).nodes)
      for (const r of n.rasters)
        out.push({ source: 'layout', part: layout, bounds: r.bounds, corners: r.corners });
  }
  const showMaster =
    layout === null || !parts.mentions(layout, 'showMasterSp') || !hides(parts.layout());
  const master = parts.masterPart;
  if (showMaster && master !== null && paintsAny(parts, master)) {
    for (const n of buildSlideTree(parts, parts.master()!, { picturesOnly: true }).nodes)
      for (const r of n.rasters)
        out.push({ source: 'master', part: master, bounds: r.bounds, corners: r.corners });
  }
  return out;
}

/** Cheap test before parsing a layout or master: it names an image fill, a picture bullet or a picture. */
function paintsAny(parts: SlideParts, part: string): boolean {
  if (parts.mentions(part, 'blipFill') || parts.mentions(part, 'buBlip')) return true;
  // A shape style can name a theme fill that is an image.
  return parts.mentions(part, 'fillRef') && parts.mentions(parts.themePart, 'blipFill');
}

function isPictureBackground(bg: XmlElement, parts: SlideParts): boolean {
  if (child(child(bg, 'p:bgPr'), 'a:blipFill')) return true;
  const ref = child(bg, 'p:bgRef');
  if (!ref) return false;
  const idx = numAttr(ref, 'idx', 0);
  // idx 1001+ selects the theme's background fill styles (ECMA-376 20.1.4.2.10).
  if (idx < 1001 || parts.themePart === null || !parts.mentions(parts.themePart, 'blipFill'))
    return false;
  const list = path(
    parts.pkg.xml(parts.themePart),
    'a:themeElements',
    'a:fmtScheme',
    'a:bgFillStyleLst',
  );
  const fills = list?.children ?? [];
  return fills[idx - 1001]?.name === 'a:blipFill';
}
