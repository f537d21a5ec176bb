import { ZERO_COUNTS } from '../../audit/count-objects.ts';
import {
  EMPTY_SLIDE_OBJECT_DETAILS,
  type AuditRecord,
  type SlideObject,
} from '../../schemas/audit-record.schema.ts';

/** Slide size of the hand-made decks: 12 192 000 × 6 096 000 EMU (2:1, like a 1000×500 px figure). */
export const SLIDE = { cx: 12_192_000, cy: 6_096_000 };
/** EMU per source pixel when the figure is 1000 px wide. */
export const EMU_PER_PX = SLIDE.cx / 1000;

const px = (v: number) => Math.round(v * EMU_PER_PX);

/** A rectangle (in source pixels of a 1000×500 figure) holding `text`. */
export function shape(
  id: string,
  text: string,
  x: number,
  y: number,
  w = 160,
  h = 60,
  kind: SlideObject['kind'] = 'shape',
  parentId: string | null = null,
): SlideObject {
  return base(
    id,
    kind,
    { x: px(x), y: px(y), w: px(w), h: px(h) },
    { text, geometry: kind === 'textBox' ? 'rect' : 'roundRect', parentId },
  );
}

/** A connector or line from (x1,y1) to (x2,y2); `glue` names the shapes its ends are attached to. */
export function relation(
  id: string,
  kind: 'connector' | 'line' | 'freeform',
  from: [number, number],
  to: [number, number],
  arrows: { head?: string | null; tail?: string | null },
  glue: { start?: string; end?: string } = {},
): SlideObject {
  const x = Math.min(from[0], to[0]);
  const y = Math.min(from[1], to[1]);
  return base(
    id,
    kind,
    { x: px(x), y: px(y), w: px(Math.abs(to[0] - from[0])), h: px(Math.abs(to[1] - from[1])) },
    {
      geometry: kind === 'freeform' ? 'custom' : 'line',
      start: { x: px(from[0]), y: px(from[1]) },
      end: { x: px(to[0]), y: px(to[1]) },
      startConnection: glue.start ? { id: glue.start, idx: 3, exists: true } : null,
      endConnection: glue.end ? { id: glue.end, idx: 1, exists: true } : null,
      headArrow: arrows.head ?? null,
      tailArrow: arrows.tail ?? null,
    },
  );
}

/** A `p:grpSp` covering the given source-pixel box. */
export function group(id: string, x: number, y: number, w: number, h: number): SlideObject {
  return base(id, 'group', { x: px(x), y: px(y), w: px(w), h: px(h) }, {});
}

/** A `p:pic` covering the given source-pixel box. */
export function picture(id: string, x: number, y: number, w: number, h: number): SlideObject {
  return base(id, 'picture', { x: px(x), y: px(y), w: px(w), h: px(h) }, {});
}

function base(
  id: string,
  kind: SlideObject['kind'],
  box: SlideObject['box'],
  extra: Partial<SlideObject>,
): SlideObject {
  return {
    id,
    name: `${kind} ${id}`,
    kind,
    parentId: null,
    depth: extra.parentId ? 1 : 0,
    geometry: null,
    box,
    rotation: 0,
    flipH: false,
    flipV: false,
    ...EMPTY_SLIDE_OBJECT_DETAILS,
    ...extra,
  };
}

/** An audit record of a slide that passed the gate, holding `objects`. */
export function auditOf(objects: SlideObject[], overrides: Partial<AuditRecord> = {}): AuditRecord {
  const texts = objects.filter((o) => o.text.trim() !== '');
  return {
    file: 'hand-made.pptx',
    sha256: null,
    bytes: null,
    gate: { passed: true, reason: null, detail: null },
    slides: 1,
    slideSize: SLIDE,
    counts: { ...ZERO_COUNTS, textShapes: texts.length },
    texts: texts.map((o) => o.text),
    textItems: texts.map((o) => ({ shapeId: o.id, text: o.text, box: o.box, fontSizePt: null })),
    largestPictureCoverage: 0,
    pictureAreaRatio: 0,
    cap: 100,
    flags: [],
    objects,
    ...overrides,
  };
}
