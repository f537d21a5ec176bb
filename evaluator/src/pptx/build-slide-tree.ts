import type { Box, Point } from '../schemas/common.schema.ts';
import {
  EMPTY_SLIDE_OBJECT_DETAILS,
  type SlideObject,
  type TextItem,
} from '../schemas/audit-record.schema.ts';
import {
  apply,
  compose,
  flipRotateAbout,
  groupTransform,
  IDENTITY,
  normaliseDeg,
  rotationOf,
  type Affine,
} from './affine.ts';
import { choiceIsUnderstood } from './alternate-content.ts';
import { REQUIRES_NS_ATTR, type XmlElement } from './parse-xml.ts';
import { readColor, readSolidFill, type ColorValue } from './read-color.ts';
import {
  drawsPictureBullet,
  fillIsPicture,
  groupFillIsPicture,
  tableRasterAreas,
  type RasterArea,
} from './raster-carriers.ts';
import { type HiddenShape, hiddenShape } from './hidden-shapes.ts';
import { readTextBody, type TextBodyInfo } from './read-text-body.ts';
import { textStyleChain } from './text-style-chain.ts';
import type { SlideParts } from './slide-parts.ts';
import { boolAttr, child, childrenNamed, numAttr, path } from './xml-query.ts';

/** A shape's frame (`a:xfrm` / `p:xfrm`) in its parent's coordinate space. */
export interface Frame {
  x: number;
  y: number;
  cx: number;
  cy: number;
  rot: number;
  flipH: boolean;
  flipV: boolean;
}

/** One node of the slide tree: the schema's `SlideObject` plus what the audit's counts and flags need. */
export interface TreeNode {
  object: SlideObject;
  /** Element the node came from: `p:sp`, `p:cxnSp`, `p:pic`, `p:grpSp`, `p:graphicFrame`. */
  element: string;
  /** Axis-aligned bounds of the transformed frame in slide space (EMU). */
  bounds: Box;
  /** The frame's four corners in slide space (EMU), rotation included: the exact area a picture paints. */
  corners: Point[];
  isLine: boolean;
  isFreeform: boolean;
  isTextBox: boolean;
  /** True when the node paints an image anywhere (see `rasters`). */
  paintsPicture: boolean;
  /**
   * Areas the node paints with an image (see `raster-carriers.ts`): a `p:pic`'s frame, a shape
   * whose fill is an image (own, group or theme fill) or that draws picture bullets, a table's
   * image-filled cells.
   */
  rasters: RasterArea[];
  text: TextBodyInfo | null;
  /** The shape's own solid fill (explicit or from its style), 'none', or null when not solid/unknown. */
  fillColor: ColorValue | 'none' | null;
  /** Default text colour from the shape style (`p:style/a:fontRef`). */
  styleTextColor: ColorValue | null;
  /** `a:graphicData@uri` for graphic frames. */
  graphicUri: string | null;
  /** `p:oleObj@progId` (or '') for embedded OLE objects, null otherwise. */
  oleProgId: string | null;
  /** Text items of this node: one for a text-bearing shape, one per non-blank table cell. */
  textItems: TextItem[];
}

/** A `mc:AlternateContent` met on the slide and the branch the reader took. */
export interface AlternateContentUse {
  /** Id of the first object read from the chosen branch, or null when it held none. */
  target: string | null;
  detail: string;
}

export interface SlideTree {
  nodes: TreeNode[];
  alternateContent: AlternateContentUse[];
  /** Shapes and groups marked `hidden="1"`: not drawn, so left out of `nodes` (see hidden-shapes.ts). */
  hidden: HiddenShape[];
}

const GRAPHIC_TABLE = 'http://schemas.openxmlformats.org/drawingml/2006/table';
const GRAPHIC_CHART = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const GRAPHIC_CHARTEX = 'http://schemas.microsoft.com/office/drawing/2014/chartex';
const GRAPHIC_OLE = 'http://schemas.openxmlformats.org/presentationml/2006/ole';

/** Options of {@link buildSlideTree}. */
export interface BuildTreeOptions {
  /** Read pictures only (layout and master shapes rendered under the slide); skips placeholders and text. */
  picturesOnly?: boolean;
}

/**
 * Builds the flattened object tree of a slide (or of a layout/master spTree): every
 * `p:sp`, `p:cxnSp`, `p:pic`, `p:grpSp` and `p:graphicFrame` in document order, descending into
 * groups (composing `a:off/a:ext/a:chOff/a:chExt`, rotation and flips) and into
 * `mc:AlternateContent` (the `mc:Choice` when every namespace it requires is understood, else
 * `mc:Fallback`). Placeholders without their own `a:xfrm` take the frame of the matching layout
 * placeholder (same `idx`, else same type), and the layout's from the master (by type).
 * `p:contentPart` (ink) is skipped.
 */
export function buildSlideTree(
  parts: SlideParts,
  root: XmlElement,
  options: BuildTreeOptions = {},
): SlideTree {
  const spTree = path(root, 'p:cSld', 'p:spTree');
  const out: SlideTree = { nodes: [], alternateContent: [], hidden: [] };
  if (!spTree) return out;
  const inherit = new PlaceholderFrames(parts);
  // `groupPicture`: the enclosing group's fill is an image (children with `a:grpFill` paint it).
  const walk = (
    container: XmlElement,
    m: Affine,
    parentId: string | null,
    depth: number,
    groupPicture: boolean,
  ): void => {
    for (const el of container.children) visit(el, m, parentId, depth, groupPicture);
  };
  const visit = (
    el: XmlElement,
    m: Affine,
    parentId: string | null,
    depth: number,
    groupPicture: boolean,
  ): void => {
    const hidden = hiddenShape(el);
    if (hidden) {
      if (!options.picturesOnly) out.hidden.push(hidden);
      return;
    }
    switch (el.name) {
      case 'p:sp':
      case 'p:cxnSp':
      case 'p:pic':
      case 'p:graphicFrame': {
        const node = readLeaf(el, m, parentId, depth, parts, inherit, options, groupPicture);
        if (node) out.nodes.push(node);
        return;
      }
      case 'p:grpSp': {
        const nv = child(el, 'p:nvGrpSpPr');
        const xfrm = path(el, 'p:grpSpPr', 'a:xfrm');
        const fr = readFrame(xfrm) ?? ZERO_FRAME;
        const chOff = child(xfrm, 'a:chOff');
        const chExt = child(xfrm, 'a:chExt');
        const g = groupTransform(
          { x: fr.x, y: fr.y },
          { cx: fr.cx, cy: fr.cy },
          { x: numAttr(chOff, 'x', fr.x), y: numAttr(chOff, 'y', fr.y) },
          { cx: numAttr(chExt, 'cx', fr.cx), cy: numAttr(chExt, 'cy', fr.cy) },
          fr.rot,
          fr.flipH,
          fr.flipV,
        );
        const placed = place(m, fr);
        const cNvPr = child(nv, 'p:cNvPr');
        const id = cNvPr?.attrs.id ?? '';
        if (!options.picturesOnly) {
          out.nodes.push({
            object: baseObject(cNvPr, 'group', parentId, depth, null, placed),
            element: 'p:grpSp',
            bounds: placed.bounds,
            corners: placed.corners,
            isLine: false,
            isFreeform: false,
            isTextBox: false,
            paintsPicture: false,
            rasters: [],
            text: null,
            fillColor: null,
            styleTextColor: null,
            graphicUri: null,
            oleProgId: null,
            textItems: [],
          });
        }
        const fill = groupFillIsPicture(child(el, 'p:grpSpPr'), groupPicture);
        walk(el, compose(m, g), id, depth + 1, fill);
        return;
      }
      case 'mc:AlternateContent': {
        const { branch, detail } = chooseBranch(el);
        const before = out.nodes.length;
        if (branch) walk(branch, m, parentId, depth, groupPicture);
        const first = out.nodes[before];
        out.alternateContent.push({ target: first ? first.object.id : null, detail });
        return;
      }
      default:
        return;
    }
  };
  walk(spTree, IDENTITY, null, 0, false);
  // Connection ends are resolved against every shape id on the slide, at any depth.
  const ids = new Set(out.nodes.map((n) => n.object.id));
  for (const n of out.nodes) {
    if (n.object.startConnection)
      n.object.startConnection.exists = ids.has(n.object.startConnection.id);
    if (n.object.endConnection) n.object.endConnection.exists = ids.has(n.object.endConnection.id);
  }
  return out;
}

function chooseBranch(ac: XmlElement): { branch: XmlElement | undefined; detail: string } {
  for (const choice of childrenNamed(ac, 'mc:Choice')) {
    const required = (choice.attrs[REQUIRES_NS_ATTR] ?? '').split(' ').filter((u) => u.length > 0);
    if (choiceIsUnderstood(required))
      return {
        branch: choice,
        detail: `used mc:Choice (Requires="${choice.attrs.Requires ?? ''}")`,
      };
  }
  const fallback = child(ac, 'mc:Fallback');
  const requires = childrenNamed(ac, 'mc:Choice')
    .map((c) => c.attrs.Requires ?? '')
    .join('", "');
  return {
    branch: fallback,
    detail: fallback
      ? `used mc:Fallback (mc:Choice requires "${requires}", not understood)`
      : `skipped: no understood mc:Choice and no mc:Fallback (requires "${requires}")`,
  };
}

const ZERO_FRAME: Frame = Object.freeze({
  x: 0,
  y: 0,
  cx: 0,
  cy: 0,
  rot: 0,
  flipH: false,
  flipV: false,
});

/** Reads an `a:xfrm`/`p:xfrm`; null when absent. Rotation is in degrees (the file stores 60,000ths). */
export function readFrame(xfrm: XmlElement | undefined): Frame | null {
  if (!xfrm) return null;
  const off = child(xfrm, 'a:off');
  const ext = child(xfrm, 'a:ext');
  return {
    x: numAttr(off, 'x', 0),
    y: numAttr(off, 'y', 0),
    cx: Math.max(0, numAttr(ext, 'cx', 0)),
    cy: Math.max(0, numAttr(ext, 'cy', 0)),
    rot: numAttr(xfrm, 'rot', 0) / 60000,
    flipH: boolAttr(xfrm, 'flipH'),
    flipV: boolAttr(xfrm, 'flipV'),
  };
}

interface Placed {
  box: Box;
  bounds: Box;
  corners: Point[];
  rotation: number;
  flipH: boolean;
  flipV: boolean;
  /** Frame coordinates (parent space, unrotated) → slide space, including the frame's own flip and rotation. */
  local: Affine;
}

function place(m: Affine, fr: Frame): Placed {
  const cx = fr.x + fr.cx / 2;
  const cy = fr.y + fr.cy / 2;
  const local = compose(m, flipRotateAbout(cx, cy, fr.rot, fr.flipH, fr.flipV));
  const centre = apply(m, cx, cy);
  const w = fr.cx * Math.hypot(m.a, m.b);
  const h = fr.cy * Math.hypot(m.c, m.d);
  const corners = [
    apply(local, fr.x, fr.y),
    apply(local, fr.x + fr.cx, fr.y),
    apply(local, fr.x, fr.y + fr.cy),
    apply(local, fr.x + fr.cx, fr.y + fr.cy),
  ];
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const parent = rotationOf(m);
  return {
    box: roundBox({ x: centre.x - w / 2, y: centre.y - h / 2, w, h }),
    bounds: roundBox({ x: minX, y: minY, w: Math.max(...xs) - minX, h: Math.max(...ys) - minY }),
    // Corners in drawing order (top-left, top-right, bottom-right, bottom-left) so they form a polygon.
    corners: [corners[0]!, corners[1]!, corners[3]!, corners[2]!].map(roundPoint),
    rotation: normaliseDeg(parent.mirrored ? parent.rotDeg - fr.rot : parent.rotDeg + fr.rot),
    flipH: fr.flipH !== parent.mirrored,
    flipV: fr.flipV,
    local,
  };
}

function roundBox(b: Box): Box {
  return { x: emu(b.x), y: emu(b.y), w: emu(b.w), h: emu(b.h) };
}
function emu(v: number): number {
  const r = Math.round(v);
  return Object.is(r, -0) ? 0 : r;
}
function roundPoint(p: Point): Point {
  return { x: emu(p.x), y: emu(p.y) };
}

function baseObject(
  cNvPr: XmlElement | undefined,
  kind: SlideObject['kind'],
  parentId: string | null,
  depth: number,
  geometry: string | null,
  placed: Placed,
): SlideObject {
  return {
    id: cNvPr?.attrs.id ?? '',
    name: cNvPr?.attrs.name ?? '',
    kind,
    parentId,
    depth,
    geometry,
    box: placed.box,
    rotation: placed.rotation,
    flipH: placed.flipH,
    flipV: placed.flipV,
    ...EMPTY_SLIDE_OBJECT_DETAILS,
  };
}

const NV_NAME: Record<string, string> = {
  'p:sp': 'p:nvSpPr',
  'p:cxnSp': 'p:nvCxnSpPr',
  'p:pic': 'p:nvPicPr',
  'p:graphicFrame': 'p:nvGraphicFramePr',
};

function readLeaf(
  el: XmlElement,
  m: Affine,
  parentId: string | null,
  depth: number,
  parts: SlideParts,
  inherit: PlaceholderFrames,
  options: BuildTreeOptions,
  groupPicture: boolean,
): TreeNode | null {
  const nv = child(el, NV_NAME[el.name]!);
  const cNvPr = child(nv, 'p:cNvPr');
  const ph = path(nv, 'p:nvPr', 'p:ph');
  if (options.picturesOnly && (ph || el.name === 'p:cxnSp')) return null;
  const spPr = child(el, 'p:spPr');
  const ownXfrm = el.name === 'p:graphicFrame' ? child(el, 'p:xfrm') : child(spPr, 'a:xfrm');
  let frame = readFrame(ownXfrm);
  if (!frame && ph) frame = inherit.frameFor(ph);
  const placed = place(m, frame ?? ZERO_FRAME);
  const prst = child(spPr, 'a:prstGeom')?.attrs.prst ?? null;
  const custGeom = child(spPr, 'a:custGeom');
  const geometry = custGeom ? 'custom' : prst;
  const isLine =
    el.name === 'p:sp' && prst !== null && (prst === 'line' || prst.includes('Connector'));
  const isFreeform = el.name === 'p:sp' && custGeom !== undefined;
  const isTextBox = el.name === 'p:sp' && boolAttr(child(nv, 'p:cNvSpPr'), 'txBox');
  const style = child(el, 'p:style');
  const graphicData =
    el.name === 'p:graphicFrame' ? path(el, 'a:graphic', 'a:graphicData') : undefined;
  const toSlide = (x: number, y: number) => apply(placed.local, x, y);
  const fr0 = frame ?? ZERO_FRAME;
  const whole = (): RasterArea => ({ corners: placed.corners, bounds: placed.bounds });
  const rasters: RasterArea[] =
    el.name === 'p:pic'
      ? [whole()]
      : el.name === 'p:sp' &&
          (fillIsPicture(spPr, style, groupPicture, parts) ||
            drawsPictureBullet(child(el, 'p:txBody'), parts))
        ? [whole()]
        : el.name === 'p:graphicFrame' && graphicData?.attrs.uri === GRAPHIC_TABLE
          ? tableRasterAreas(child(graphicData, 'a:tbl'), fr0, toSlide)
          : [];
  const paintsPicture = rasters.length > 0;
  if (options.picturesOnly && !paintsPicture) return null;

  let kind: SlideObject['kind'];
  let graphicUri: string | null = null;
  let oleProgId: string | null = null;
  if (el.name === 'p:cxnSp') kind = 'connector';
  else if (el.name === 'p:pic') kind = 'picture';
  else if (el.name === 'p:graphicFrame') {
    graphicUri = graphicData?.attrs.uri ?? '';
    kind =
      graphicUri === GRAPHIC_TABLE
        ? 'table'
        : graphicUri === GRAPHIC_CHART || graphicUri === GRAPHIC_CHARTEX
          ? 'chart'
          : 'frame';
    if (graphicUri === GRAPHIC_OLE) oleProgId = findOleProgId(graphicData);
  } else if (isLine) kind = 'line';
  else if (isFreeform) kind = 'freeform';
  else if (isTextBox) kind = 'textBox';
  else kind = 'shape';

  const object = baseObject(cNvPr, kind, parentId, depth, geometry, placed);
  const fillColor = readSolidFill(spPr, parts.scheme) ?? styleColor(style, 'a:fillRef', parts);
  object.fill = fillColor !== null && fillColor !== 'none' ? fillColor.hex : null;
  object.filled = isPainted(spPr, fillColor, style);
  const ln = child(spPr, 'a:ln');
  const lineFill = readSolidFill(ln, parts.scheme) ?? styleColor(style, 'a:lnRef', parts);
  object.lineColor = lineFill !== null && lineFill !== 'none' ? lineFill.hex : null;
  object.lineWidth = strokeWidth(ln, lineFill);
  const dash = child(ln, 'a:prstDash')?.attrs.val;
  object.dashed = (dash !== undefined && dash !== 'solid') || child(ln, 'a:custDash') !== undefined;
  object.headArrow = arrow(child(ln, 'a:headEnd'));
  object.tailArrow = arrow(child(ln, 'a:tailEnd'));
  if (ph) object.placeholder = ph.attrs.type ?? 'obj';

  if (el.name === 'p:cxnSp' || isLine) {
    const fr = frame ?? ZERO_FRAME;
    object.start = roundPoint(apply(placed.local, fr.x, fr.y));
    object.end = roundPoint(apply(placed.local, fr.x + fr.cx, fr.y + fr.cy));
  } else if (isFreeform && frame) {
    const ends = openPathEnds(custGeom!, frame);
    if (ends) {
      object.start = roundPoint(apply(placed.local, ends.start.x, ends.start.y));
      object.end = roundPoint(apply(placed.local, ends.end.x, ends.end.y));
    }
  }
  if (el.name === 'p:cxnSp') {
    const cNv = child(nv, 'p:cNvCxnSpPr');
    object.startConnection = connection(child(cNv, 'a:stCxn'));
    object.endConnection = connection(child(cNv, 'a:endCxn'));
  }

  const node: TreeNode = {
    object,
    element: el.name,
    bounds: placed.bounds,
    corners: placed.corners,
    isLine,
    isFreeform,
    isTextBox,
    paintsPicture,
    rasters,
    text: null,
    fillColor,
    styleTextColor: readColor(child(style, 'a:fontRef'), parts.scheme),
    graphicUri,
    oleProgId,
    textItems: [],
  };
  if (options.picturesOnly) return node;
  if (el.name === 'p:sp') {
    const txBody = child(el, 'p:txBody');
    const info = readTextBody(txBody, parts.scheme, textStyleChain(parts, txBody, style, ph));
    node.text = info;
    object.text = info.text;
    object.fontSizePt = info.maxSizePt;
    if (info.text.trim() !== '')
      node.textItems.push({
        shapeId: object.id,
        text: info.text,
        box: object.box,
        fontSizePt: info.maxSizePt,
      });
  } else if (kind === 'table' && frame) {
    node.textItems = readTableCells(child(graphicData, 'a:tbl'), object.id, placed, frame, parts);
    object.text = node.textItems.map((t) => t.text).join('\n');
    const sizes = node.textItems.map((t) => t.fontSizePt).filter((s): s is number => s !== null);
    object.fontSizePt = sizes.length > 0 ? Math.max(...sizes) : null;
  }
  return node;
}

function styleColor(
  style: XmlElement | undefined,
  ref: string,
  parts: SlideParts,
): ColorValue | null {
  const r = child(style, ref);
  if (!r || r.attrs.idx === '0') return null;
  return readColor(r, parts.scheme);
}

/** Colours under this opacity do not show (the audit's near-invisible text uses the same 5 %). */
const MIN_VISIBLE_ALPHA = 0.05;
const PAINT_FILLS = ['a:gradFill', 'a:pattFill', 'a:blipFill', 'a:grpFill'];

/** True when the shape's interior is painted (see `SlideObject.filled`). */
function isPainted(
  spPr: XmlElement | undefined,
  solid: ColorValue | 'none' | null,
  style: XmlElement | undefined,
): boolean {
  if (solid === 'none') return false;
  if (solid !== null) return solid.alpha >= MIN_VISIBLE_ALPHA;
  if (PAINT_FILLS.some((f) => child(spPr, f) !== undefined)) return true;
  const ref = child(style, 'a:fillRef');
  return ref !== undefined && Number(ref.attrs.idx ?? 0) >= 1;
}

/** The drawn stroke's width in EMU, or null when no stroke shows (see `SlideObject.lineWidth`). */
function strokeWidth(ln: XmlElement | undefined, fill: ColorValue | 'none' | null): number | null {
  const painted =
    fill === null
      ? child(ln, 'a:gradFill') !== undefined || child(ln, 'a:pattFill') !== undefined
      : fill !== 'none' && fill.alpha >= MIN_VISIBLE_ALPHA;
  if (!painted) return null;
  const w = Number(ln?.attrs.w ?? 9525);
  return Number.isFinite(w) && w >= 0 ? w : 9525;
}

function arrow(end: XmlElement | undefined): string | null {
  const t = end?.attrs.type;
  return t === undefined || t === 'none' ? null : t;
}

function connection(el: XmlElement | undefined): SlideObject['startConnection'] {
  if (!el || el.attrs.id === undefined) return null;
  const idx = el.attrs.idx !== undefined ? Number(el.attrs.idx) : NaN;
  return { id: el.attrs.id, idx: Number.isInteger(idx) ? idx : null, exists: false };
}

function findOleProgId(graphicData: XmlElement | undefined): string {
  // p:oleObj sits directly in graphicData or inside an mc:AlternateContent branch.
  const stack = [...(graphicData?.children ?? [])];
  while (stack.length > 0) {
    const e = stack.shift()!;
    if (e.name === 'p:oleObj') return e.attrs.progId ?? '';
    stack.push(...e.children);
  }
  return '';
}

/**
 * Start and end of the first path of a custom geometry, in the frame's (unrotated) coordinates,
 * when the path is open (no `a:close`) — the shape an arrow drawn as a freeform has.
 */
function openPathEnds(custGeom: XmlElement, fr: Frame): { start: Point; end: Point } | null {
  const p = child(child(custGeom, 'a:pathLst'), 'a:path');
  if (!p || child(p, 'a:close')) return null;
  const w = numAttr(p, 'w', fr.cx) || 1;
  const h = numAttr(p, 'h', fr.cy) || 1;
  const toFrame = (pt: XmlElement | undefined): Point | null =>
    pt
      ? { x: fr.x + (numAttr(pt, 'x', 0) * fr.cx) / w, y: fr.y + (numAttr(pt, 'y', 0) * fr.cy) / h }
      : null;
  let start: Point | null = null;
  let end: Point | null = null;
  for (const cmd of p.children) {
    const pts = childrenNamed(cmd, 'a:pt');
    const last = toFrame(pts[pts.length - 1]);
    if (cmd.name === 'a:moveTo' && start === null) start = last;
    if (last) end = last;
  }
  return start && end ? { start, end } : null;
}

function readTableCells(
  tbl: XmlElement | undefined,
  id: string,
  placed: Placed,
  frame: Frame,
  parts: SlideParts,
): TextItem[] {
  if (!tbl) return [];
  const cols = childrenNamed(child(tbl, 'a:tblGrid'), 'a:gridCol').map((c) =>
    Math.max(0, numAttr(c, 'w', 0)),
  );
  const rows = childrenNamed(tbl, 'a:tr');
  const items: TextItem[] = [];
  const colX = [0];
  for (const w of cols) colX.push(colX[colX.length - 1]! + w);
  let y = 0;
  for (const row of rows) {
    const h = Math.max(0, numAttr(row, 'h', 0));
    childrenNamed(row, 'a:tc').forEach((tc, ci) => {
      if (boolAttr(tc, 'hMerge') || boolAttr(tc, 'vMerge')) return;
      const info = readTextBody(child(tc, 'a:txBody'), parts.scheme);
      if (info.text.trim() === '') return;
      const span = Math.max(1, numAttr(tc, 'gridSpan', 1));
      const x0 = colX[Math.min(ci, cols.length)] ?? 0;
      const x1 = colX[Math.min(ci + span, cols.length)] ?? x0;
      const box = cellBox(placed, frame, x0, y, x1 - x0, h);
      items.push({ shapeId: id, text: info.text, box, fontSizePt: info.maxSizePt });
    });
    y += h;
  }
  return items;
}

function cellBox(placed: Placed, fr: Frame, x: number, y: number, w: number, h: number): Box {
  const a = apply(placed.local, fr.x + x, fr.y + y);
  const b = apply(placed.local, fr.x + x + w, fr.y + y + h);
  return roundBox({
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    w: Math.abs(b.x - a.x),
    h: Math.abs(b.y - a.y),
  });
}

const MASTER_TYPE: Record<string, string> = {
  ctrTitle: 'title',
  title: 'title',
  dt: 'dt',
  ftr: 'ftr',
  sldNum: 'sldNum',
};

interface PlaceholderEntry {
  type: string;
  idx: string;
  frame: Frame | null;
}

/** Placeholder frames of the layout and master, read on first need. */
class PlaceholderFrames {
  private layout?: PlaceholderEntry[];
  private master?: PlaceholderEntry[];
  constructor(private readonly parts: SlideParts) {}

  /** The frame a placeholder without its own `a:xfrm` inherits, or null. */
  frameFor(ph: XmlElement): Frame | null {
    const type = ph.attrs.type ?? 'obj';
    const idx = ph.attrs.idx ?? '0';
    this.layout ??= placeholdersOf(this.parts.layout());
    const candidates = [
      this.layout.find((p) => p.idx === idx && p.type === type),
      this.layout.find((p) => p.idx === idx),
      this.layout.find((p) => p.type === type),
    ];
    const match = candidates.find((c) => c !== undefined);
    if (match?.frame) return match.frame;
    // The layout placeholder has no geometry either (or there is none): ask the master by type.
    this.master ??= placeholdersOf(this.parts.master());
    const masterType = MASTER_TYPE[match?.type ?? type] ?? 'body';
    return this.master.find((p) => p.type === masterType)?.frame ?? null;
  }
}

function placeholdersOf(root: XmlElement | null): PlaceholderEntry[] {
  const spTree = path(root ?? undefined, 'p:cSld', 'p:spTree');
  const out: PlaceholderEntry[] = [];
  for (const el of spTree?.children ?? []) {
    const nvName = NV_NAME[el.name];
    if (!nvName) continue;
    const ph = path(el, nvName, 'p:nvPr', 'p:ph');
    if (!ph) continue;
    const xfrm = el.name === 'p:graphicFrame' ? child(el, 'p:xfrm') : path(el, 'p:spPr', 'a:xfrm');
    out.push({ type: ph.attrs.type ?? 'obj', idx: ph.attrs.idx ?? '0', frame: readFrame(xfrm) });
  }
  return out;
}
