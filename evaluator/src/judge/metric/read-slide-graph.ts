import type { Box, Point } from '../../schemas/common.schema.ts';
import type { AuditRecord, SlideObject } from '../../schemas/audit-record.schema.ts';
import { liesOnPicture } from '../../audit/raster-underlay.ts';
import type { UnseenContent } from './visible-content.ts';
import {
  areaOf,
  centerOf,
  containsPoint,
  distance,
  type Frame,
  normalizeBox,
  pointToBoxDistance,
  pointToOutlineDistance,
} from './slide-geometry.ts';

/** Most slide objects considered (a hostile deck with 10⁵ shapes is cut, not scored slowly). */
export const MAX_GRAPH_OBJECTS = 2000;

/** A module on the slide: a shape (possibly with a text box merged onto it) or a lone text box. */
export interface SlideNode {
  /** Id of the main object (the shape, or the text box when there is no shape under it). */
  id: string;
  /** Every object folded into this node (shape + text box laid on it). */
  objectIds: string[];
  text: string;
  /** Slide units (width = 1). */
  box: Box;
  /**
   * True when the label sits in (or on) a drawn box — a shape or text box whose fill or outline
   * shows — not in a bare text box. Only such a node can stand for a module of the figure.
   */
  shapeBound: boolean;
  /**
   * A drawn shape enclosing other nodes (a panel, or a module holding smaller boxes): it is a
   * node too, since a connector glued to its outline relates the whole shape; line ends snap to
   * its outline, not its area (an end well inside it belongs to what is drawn there).
   */
  container?: boolean;
}

/** A relation drawn on the slide, with its ends resolved to nodes where possible. */
export interface SlideEdge {
  objectId: string;
  kind: 'connector' | 'line' | 'freeform';
  /** Node ids; null when the end touches no node. For undirected edges from/to are the drawn start/end. */
  from: string | null;
  to: string | null;
  /** False when the arrowheads do not decide a direction (none, or both ends). */
  directed: boolean;
  /** Arrowheads at both ends: one relation drawn both ways (a double-headed arrow). */
  bothHeads?: boolean;
  /** Both ends glued to shapes with `a:stCxn`/`a:endCxn` naming existing ids (a native, editable relation). */
  attached: boolean;
}

/** A container: a group (`p:grpSp`) or a large shape enclosing other nodes. */
export interface SlideContainer {
  id: string;
  kind: 'group' | 'shape';
  box: Box;
  /** Node ids inside. */
  members: string[];
  text: string;
}

export interface SlideGraph {
  nodes: SlideNode[];
  edges: SlideEdge[];
  containers: SlideContainer[];
  /** Object ids whose text must not earn credit (flagged off-canvas or near-invisible, or not in the render). */
  hiddenTextIds: Set<string>;
  /**
   * Objects left out of the graph, by why: `offCanvas` (mostly outside the slide), `onPicture`
   * (lying on a large picture: what shows there is the picture's pixels), `invisible` (a
   * relation whose stroke does not show or that is too short to see, or a shape or relation
   * that leaves no ink in the render — see `visible-content.ts`).
   */
  excluded: { offCanvas: string[]; onPicture: string[]; invisible: string[] };
}

const NODE_KINDS = new Set(['shape', 'textBox', 'freeform']);
const RELATION_KINDS = new Set(['connector', 'line', 'freeform']);
/** Textless shapes smaller than this (slide units², ≈ 2 % × 2 % of the width) are decoration. */
const MIN_NODE_AREA = 0.0004;
/** How far a line end may be from a node to count as touching it (share of slide width). */
export const SNAP_TOLERANCE = 0.03;
/** A glued end counts only when the drawn end is this close to the shape it names (else the glue is a claim, not a drawing). */
export const GLUE_TOLERANCE = 0.06;
/** Strokes thinner than this (EMU; ¼ pt) do not show as a relation. */
export const MIN_STROKE_EMU = 3175;
/**
 * Relations shorter than this (share of slide width, ≈ 0.05 in on a 13.3 in slide) are dots, not
 * arrows. Real figures join adjacent boxes with arrows under 1 % of their width, so the bar is
 * just above what a reader cannot see.
 */
export const MIN_RELATION_LENGTH = 0.004;
/** A triangle or closed freeform this small (slide units²) at a line's end is that line's arrowhead… */
const MAX_GLYPH_AREA = 0.0006;
/** …when its centre lies this close (share of slide width) to the end. */
const GLYPH_REACH = 0.015;
/** Block-arrow presets drawn as one shape, with the direction their unrotated shape points. */
const BLOCK_ARROWS: Record<string, 'right' | 'left' | 'up' | 'down' | 'both-h' | 'both-v'> = {
  rightArrow: 'right',
  notchedRightArrow: 'right',
  stripedRightArrow: 'right',
  chevron: 'right',
  homePlate: 'right',
  leftArrow: 'left',
  upArrow: 'up',
  downArrow: 'down',
  leftRightArrow: 'both-h',
  upDownArrow: 'both-v',
};

/** True for an arrowhead type that draws something (`none` and null do not). */
export function isArrowhead(type: string | null): boolean {
  return type !== null && type !== '' && type !== 'none';
}

/** A colour a reader cannot tell from a white slide (every channel ≥ 0xF0). */
function nearWhite(hex: string | null): boolean {
  if (hex === null || !/^#[0-9a-f]{6}$/i.test(hex)) return false;
  return [1, 3, 5].every((i) => Number.parseInt(hex.slice(i, i + 2), 16) >= 0xf0);
}

/** True when the object's stroke shows (records without stroke data are taken as drawn). */
function strokeShows(o: SlideObject): boolean {
  if (o.lineWidth === undefined) return true;
  return o.lineWidth !== null && o.lineWidth >= MIN_STROKE_EMU && !nearWhite(o.lineColor);
}

/**
 * True when the object is a box a reader sees: its fill or its outline shows. Records written
 * before fills and strokes were read keep the older rule (a shape is a box, a text box is not).
 */
export function isDrawnBox(o: SlideObject): boolean {
  if (o.filled === undefined && o.lineWidth === undefined) return o.kind !== 'textBox';
  const fillShows = o.filled === true && !nearWhite(o.fill);
  return fillShows || strokeShows(o);
}

/**
 * Reads the slide's modules, relations and containers from the audit's flattened object tree.
 *
 * Direction: DrawingML decorates the START point with `a:headEnd` and the END point with
 * `a:tailEnd`. A relation drawn from A (start) to B (end) with an arrowhead only at B — a
 * `tailEnd` — reads A→B; with an arrowhead only at A — a `headEnd` — it reads B→A. Arrowheads at
 * both ends or at neither decide no direction; a line without arrowheads takes one from a small
 * triangle (or closed freeform) drawn at its end. Block arrows (`rightArrow`, …) point where
 * their shape points after flips and rotation. Ends come from the connector's `a:stCxn`/`a:endCxn`
 * when they name a node AND the drawn end is near it, otherwise by snapping the drawn end point
 * to the nearest node: the glue alone is a claim, the drawing is what a reader sees.
 *
 * Left out (and listed in `excluded`): objects mostly off the canvas; objects lying on a large
 * picture (text laid over a pasted figure, or shapes hidden under one); relations whose stroke
 * does not show (no line, ≤ ¼ pt, white) or that are shorter than 1 % of the slide width; shapes
 * and relations `unseen` says the render does not show. Text the audit flagged as hidden, or
 * that `unseen` says leaves no ink, labels nothing.
 */
export function readSlideGraph(
  audit: Pick<AuditRecord, 'objects' | 'flags'> & Partial<Pick<AuditRecord, 'pictureBoxes'>>,
  frame: Frame,
  unseen: UnseenContent = { text: new Set(), shapes: new Set() },
): SlideGraph {
  const objects = (audit.objects ?? []).slice(0, MAX_GRAPH_OBJECTS);
  const hiddenTextIds = new Set([
    ...audit.flags
      .filter(
        (f) =>
          (f.code === 'text-off-canvas' || f.code === 'text-near-invisible') && f.target !== null,
      )
      .map((f) => f.target!),
    ...unseen.text,
  ]);
  const excluded: SlideGraph['excluded'] = { offCanvas: [], onPicture: [], invisible: [] };
  const canvas: Box = { x: 0, y: 0, w: 1, h: frame.aspect };
  const pictures = (audit.pictureBoxes ?? []).map((p) => frame.fromEmu(p.box));
  const boxOf = (o: SlideObject) => frame.fromEmu(normalizeBox(o.box));
  const isOpenPath = (o: SlideObject) =>
    o.kind === 'freeform' && o.start !== null && o.end !== null;
  const blockArrow = (o: SlideObject) =>
    o.kind === 'shape' && o.geometry !== null ? (BLOCK_ARROWS[o.geometry] ?? null) : null;
  /** Off canvas, on a picture, or not in the render: the object is listed in `excluded` and left out. */
  const leftOut = (o: SlideObject, box: Box): boolean => {
    if (unseen.shapes.has(o.id)) {
      excluded.invisible.push(o.id);
      return true;
    }
    if (onCanvasShare(box, canvas) < 0.5) {
      excluded.offCanvas.push(o.id);
      return true;
    }
    if (pictures.length > 0 && liesOnPicture(box, pictures, canvas.w * canvas.h)) {
      excluded.onPicture.push(o.id);
      return true;
    }
    return false;
  };

  // 1. Candidate modules: shapes, text boxes and closed freeforms with an extent, on the canvas
  //    and not on a picture. Hidden text labels nothing.
  type Cand = { o: SlideObject; box: Box; text: string };
  // A small textless shape is decoration (an arrowhead glyph, a dot) unless a connector is glued
  // to it: then it is the figure's small module (a token cell, a query square) the arrow relates.
  const gluedTo = new Set(
    objects.flatMap((o) =>
      o.kind === 'connector'
        ? [o.startConnection, o.endConnection].flatMap((c) => (c?.exists ? [c.id] : []))
        : [],
    ),
  );
  let cands: Cand[] = objects
    .filter((o) => NODE_KINDS.has(o.kind) && !isOpenPath(o) && blockArrow(o) === null)
    .map((o) => ({ o, box: boxOf(o), text: hiddenTextIds.has(o.id) ? '' : o.text.trim() }))
    .filter((c) => c.box.w > 0 || c.box.h > 0)
    .filter((c) => c.text !== '' || areaOf(c.box) >= MIN_NODE_AREA || gluedTo.has(c.o.id))
    .filter((c) => !leftOut(c.o, c.box));

  // 2. Containers: a shape enclosing the centres of ≥ 2 much smaller candidates.
  const containers: SlideContainer[] = [];
  const containerIds = new Set<string>();
  for (const c of cands) {
    const inside = cands.filter(
      (d) =>
        d !== c && containsPoint(c.box, centerOf(d.box)) && areaOf(d.box) < 0.5 * areaOf(c.box),
    );
    if (inside.length >= 2) containerIds.add(c.o.id);
  }
  const containerCands = cands.filter((c) => containerIds.has(c.o.id));
  cands = cands.filter((c) => !containerIds.has(c.o.id));
  // A container shape is a node as well (after the others, so equal matches prefer them).
  const containerNodes: SlideNode[] = containerCands.map((c) => ({
    id: c.o.id,
    objectIds: [c.o.id],
    text: c.text,
    box: c.box,
    shapeBound: isDrawnBox(c.o),
    container: true,
  }));

  // 3. Fold a text box laid on a textless shape into that shape (the common "rectangle + text
  //    box on top" construction): one module with the shape's box and the text box's label.
  const nodes: SlideNode[] = [];
  const labelOf = new Map<string, Cand>(); // shape id → text candidate folded into it
  const absorbed = new Set<string>();
  for (const c of cands) {
    if (c.text !== '') continue;
    const inside = cands.filter(
      (d) =>
        d !== c && containsPoint(c.box, centerOf(d.box)) && areaOf(d.box) <= 1.5 * areaOf(c.box),
    );
    // Only a bare label folds (a text box or a shape that draws no box): a drawn, labelled box
    // inside a textless one is a module nested in it, not its label.
    const label =
      inside.length === 1 && inside[0]!.text !== '' && !isDrawnBox(inside[0]!.o)
        ? inside[0]!
        : null;
    if (label && !absorbed.has(label.o.id)) {
      absorbed.add(label.o.id);
      labelOf.set(c.o.id, label);
    }
  }
  for (const c of cands) {
    if (absorbed.has(c.o.id)) continue;
    const label = labelOf.get(c.o.id);
    if (label)
      nodes.push({
        id: c.o.id,
        objectIds: [c.o.id, label.o.id],
        text: label.text,
        box: c.box,
        shapeBound: isDrawnBox(c.o) || isDrawnBox(label.o),
      });
    else
      nodes.push({
        id: c.o.id,
        objectIds: [c.o.id],
        text: c.text,
        box: c.box,
        shapeBound: isDrawnBox(c.o),
      });
  }
  // 4. Containers get their members (nested containers among them); groups (p:grpSp) contain
  //    every node below them.
  for (const c of containerCands) {
    const members = [...nodes, ...containerNodes]
      .filter((n) => n.id !== c.o.id && containsPoint(c.box, centerOf(n.box)))
      .filter((n) => !n.container || areaOf(n.box) < areaOf(c.box))
      .map((n) => n.id);
    containers.push({ id: c.o.id, kind: 'shape', box: c.box, members, text: c.text });
  }
  nodes.push(...containerNodes);
  const nodeOfObject = new Map<string, string>();
  for (const n of nodes) for (const id of n.objectIds) nodeOfObject.set(id, n.id);
  const nodeById = new Map(nodes.map((n) => [n.id, n] as const));
  const parentOf = new Map(objects.map((o) => [o.id, o.parentId] as const));
  for (const g of objects.filter((o) => o.kind === 'group')) {
    const members = nodes
      .filter((n) => n.objectIds.some((id) => hasAncestor(id, g.id, parentOf)))
      .map((n) => n.id);
    containers.push({ id: g.id, kind: 'group', box: boxOf(g), members, text: '' });
  }

  // 5. Relations: connectors, line shapes, open freeforms and block arrows that show, ends
  //    resolved to nodes. A plain line's arrowhead may be drawn as its own small triangle.
  const glyphs = objects
    .filter((o) => (o.geometry === 'triangle' || o.geometry === 'custom') && o.start === null)
    .map((o) => boxOf(o))
    .filter((b) => areaOf(b) > 0 && areaOf(b) <= MAX_GLYPH_AREA)
    .map(centerOf);
  const glyphAt = (p: Point) => glyphs.some((g) => distance(g, p) <= GLYPH_REACH);
  const edges: SlideEdge[] = [];
  for (const o of objects) {
    const arrow = blockArrow(o);
    const isLineLike =
      RELATION_KINDS.has(o.kind) && (o.kind !== 'freeform' || isOpenPath(o)) && o.start !== null;
    if (!isLineLike && arrow === null) continue;
    let startAt: Point;
    let endAt: Point;
    let headAtStart: boolean;
    let headAtEnd: boolean;
    if (arrow !== null) {
      const ends = blockArrowEnds(boxOf(o), arrow, o);
      startAt = ends.start;
      endAt = ends.end;
      headAtStart = arrow === 'both-h' || arrow === 'both-v';
      headAtEnd = true;
    } else {
      if (o.start === null || o.end === null) continue;
      startAt = frame.fromEmuPoint(o.start);
      endAt = frame.fromEmuPoint(o.end);
      headAtStart = isArrowhead(o.headArrow);
      headAtEnd = isArrowhead(o.tailArrow);
    }
    const span: Box = {
      x: Math.min(startAt.x, endAt.x),
      y: Math.min(startAt.y, endAt.y),
      w: Math.abs(endAt.x - startAt.x),
      h: Math.abs(endAt.y - startAt.y),
    };
    const shows = arrow !== null ? isDrawnBox(o) : strokeShows(o);
    if (!shows || distance(startAt, endAt) < MIN_RELATION_LENGTH) {
      excluded.invisible.push(o.id);
      continue;
    }
    if (leftOut(o, span)) continue;
    const glued = (ref: SlideObject['startConnection'], at: Point) => {
      if (o.kind !== 'connector' || !ref || !ref.exists) return null;
      const id = nodeOfObject.get(ref.id);
      const node = id === undefined ? undefined : nodeById.get(id);
      return node && pointToBoxDistance(at, node.box) <= GLUE_TOLERANCE ? node.id : null;
    };
    const a = glued(o.startConnection, startAt) ?? snapToNode(startAt, nodes);
    const b = glued(o.endConnection, endAt) ?? snapToNode(endAt, nodes);
    if (!headAtStart && !headAtEnd && arrow === null) {
      headAtStart = glyphAt(startAt);
      headAtEnd = glyphAt(endAt);
    }
    const directed = headAtStart !== headAtEnd;
    const [from, to] = directed && headAtStart ? [b, a] : [a, b];
    const bothHeads = headAtStart && headAtEnd;
    const attached =
      o.kind === 'connector' &&
      !!o.startConnection?.exists &&
      !!o.endConnection?.exists &&
      glued(o.startConnection, startAt) !== null &&
      glued(o.endConnection, endAt) !== null;
    edges.push({
      objectId: o.id,
      kind: o.kind === 'connector' ? 'connector' : o.kind === 'line' ? 'line' : 'freeform',
      from,
      to,
      directed,
      ...(bothHeads ? { bothHeads } : {}),
      attached,
    });
  }
  return { nodes, edges, containers, hiddenTextIds, excluded };
}

/** Share of a box's area on the canvas (a box without area: 1 when its centre is on it, else 0). */
function onCanvasShare(b: Box, canvas: Box): number {
  const area = b.w * b.h;
  if (area <= 0) return containsPoint(canvas, centerOf(b)) ? 1 : 0;
  const w = Math.min(b.x + b.w, canvas.x + canvas.w) - Math.max(b.x, canvas.x);
  const h = Math.min(b.y + b.h, canvas.y + canvas.h) - Math.max(b.y, canvas.y);
  return w <= 0 || h <= 0 ? 0 : (w * h) / area;
}

/**
 * Tail and tip of a block arrow: the unrotated shape points right/left/up/down from its frame's
 * middle; flips mirror it and the rotation (clockwise degrees) turns it about the centre.
 */
function blockArrowEnds(
  box: Box,
  dir: 'right' | 'left' | 'up' | 'down' | 'both-h' | 'both-v',
  o: Pick<SlideObject, 'rotation' | 'flipH' | 'flipV'>,
): { start: Point; end: Point } {
  const c = centerOf(box);
  const horizontal = dir === 'right' || dir === 'left' || dir === 'both-h';
  let v: Point = horizontal ? { x: box.w / 2, y: 0 } : { x: 0, y: box.h / 2 };
  if (dir === 'left' || dir === 'up') v = { x: -v.x, y: -v.y };
  if (o.flipH) v = { x: -v.x, y: v.y };
  if (o.flipV) v = { x: v.x, y: -v.y };
  const t = (o.rotation * Math.PI) / 180;
  const r = { x: v.x * Math.cos(t) - v.y * Math.sin(t), y: v.x * Math.sin(t) + v.y * Math.cos(t) };
  return { start: { x: c.x - r.x, y: c.y - r.y }, end: { x: c.x + r.x, y: c.y + r.y } };
}

/**
 * The node whose box is nearest to `p`, if within `SNAP_TOLERANCE`; ties go to the smaller box.
 * A container is as near as its outline: an end on a panel's frame is the panel's, one well
 * inside it goes to what is drawn there.
 */
export function snapToNode(p: Point, nodes: readonly SlideNode[]): string | null {
  let best: SlideNode | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const n of nodes) {
    const d = n.container ? pointToOutlineDistance(p, n.box) : pointToBoxDistance(p, n.box);
    if (
      d < bestD - 1e-12 ||
      (Math.abs(d - bestD) <= 1e-12 && best !== null && areaOf(n.box) < areaOf(best.box))
    ) {
      best = n;
      bestD = d;
    }
  }
  return best !== null && bestD <= SNAP_TOLERANCE ? best.id : null;
}

function hasAncestor(id: string, ancestor: string, parentOf: Map<string, string | null>): boolean {
  let cur = parentOf.get(id) ?? null;
  for (let guard = 0; cur !== null && guard < 64; guard++) {
    if (cur === ancestor) return true;
    cur = parentOf.get(cur) ?? null;
  }
  return false;
}
