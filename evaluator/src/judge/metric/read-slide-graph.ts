import type { Box, Point } from '../../schemas/common.schema.ts';
import type { AuditRecord, SlideObject } from '../../schemas/audit-record.schema.ts';
import {
  areaOf,
  centerOf,
  containsPoint,
  type Frame,
  normalizeBox,
  pointToBoxDistance,
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
  /** True when the label sits in (or on) a native shape, not in a bare text box. */
  shapeBound: boolean;
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
  /** Object ids whose text must not earn credit (flagged off-canvas or near-invisible). */
  hiddenTextIds: Set<string>;
}

const NODE_KINDS = new Set(['shape', 'textBox', 'freeform']);
const RELATION_KINDS = new Set(['connector', 'line', 'freeform']);
/** Textless shapes smaller than this (slide units², ≈ 2 % × 2 % of the width) are decoration. */
const MIN_NODE_AREA = 0.0004;
/** How far a line end may be from a node to count as touching it (share of slide width). */
export const SNAP_TOLERANCE = 0.03;

/** True for an arrowhead type that draws something (`none` and null do not). */
export function isArrowhead(type: string | null): boolean {
  return type !== null && type !== '' && type !== 'none';
}

/**
 * Reads the slide's modules, relations and containers from the audit's flattened object tree.
 *
 * Direction: DrawingML decorates the START point with `a:headEnd` and the END point with
 * `a:tailEnd`. A relation drawn from A (start) to B (end) with an arrowhead only at B — a
 * `tailEnd` — reads A→B; with an arrowhead only at A — a `headEnd` — it reads B→A. Arrowheads at
 * both ends or at neither decide no direction. Ends come from the connector's `a:stCxn`/
 * `a:endCxn` when they name a node, otherwise by snapping the end point to the nearest node.
 */
export function readSlideGraph(
  audit: Pick<AuditRecord, 'objects' | 'flags'>,
  frame: Frame,
): SlideGraph {
  const objects = (audit.objects ?? []).slice(0, MAX_GRAPH_OBJECTS);
  const hiddenTextIds = new Set(
    audit.flags
      .filter(
        (f) =>
          (f.code === 'text-off-canvas' || f.code === 'text-near-invisible') && f.target !== null,
      )
      .map((f) => f.target!),
  );
  const boxOf = (o: SlideObject) => frame.fromEmu(normalizeBox(o.box));
  const isOpenPath = (o: SlideObject) =>
    o.kind === 'freeform' && o.start !== null && o.end !== null;

  // 1. Candidate modules: shapes, text boxes and closed freeforms with an extent.
  type Cand = { o: SlideObject; box: Box; text: string };
  let cands: Cand[] = objects
    .filter((o) => NODE_KINDS.has(o.kind) && !isOpenPath(o))
    .map((o) => ({ o, box: boxOf(o), text: o.text.trim() }))
    .filter((c) => c.box.w > 0 || c.box.h > 0)
    .filter((c) => c.text !== '' || areaOf(c.box) >= MIN_NODE_AREA);

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
    const label = inside.length === 1 && inside[0]!.text !== '' ? inside[0]! : null;
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
        shapeBound: true,
      });
    else
      nodes.push({
        id: c.o.id,
        objectIds: [c.o.id],
        text: c.text,
        box: c.box,
        shapeBound: c.o.kind !== 'textBox',
      });
  }
  const nodeOfObject = new Map<string, string>();
  for (const n of nodes) for (const id of n.objectIds) nodeOfObject.set(id, n.id);

  // 4. Containers get their members; groups (p:grpSp) contain every node below them.
  for (const c of containerCands) {
    const members = nodes.filter((n) => containsPoint(c.box, centerOf(n.box))).map((n) => n.id);
    containers.push({ id: c.o.id, kind: 'shape', box: c.box, members, text: c.text });
  }
  const parentOf = new Map(objects.map((o) => [o.id, o.parentId] as const));
  for (const g of objects.filter((o) => o.kind === 'group')) {
    const members = nodes
      .filter((n) => n.objectIds.some((id) => hasAncestor(id, g.id, parentOf)))
      .map((n) => n.id);
    containers.push({ id: g.id, kind: 'group', box: boxOf(g), members, text: '' });
  }

  // 5. Relations: connectors, line shapes and open freeforms, ends resolved to nodes.
  const edges: SlideEdge[] = [];
  for (const o of objects) {
    if (!RELATION_KINDS.has(o.kind) || (o.kind === 'freeform' && !isOpenPath(o))) continue;
    if (o.start === null || o.end === null) continue;
    const startAt = frame.fromEmuPoint(o.start);
    const endAt = frame.fromEmuPoint(o.end);
    const glued = (ref: SlideObject['startConnection']) =>
      o.kind === 'connector' && ref && ref.exists ? (nodeOfObject.get(ref.id) ?? null) : null;
    const a = glued(o.startConnection) ?? snapToNode(startAt, nodes);
    const b = glued(o.endConnection) ?? snapToNode(endAt, nodes);
    const headAtStart = isArrowhead(o.headArrow);
    const headAtEnd = isArrowhead(o.tailArrow);
    const directed = headAtStart !== headAtEnd;
    const [from, to] = directed && headAtStart ? [b, a] : [a, b];
    const attached =
      o.kind === 'connector' && !!o.startConnection?.exists && !!o.endConnection?.exists;
    edges.push({
      objectId: o.id,
      kind: o.kind === 'connector' ? 'connector' : o.kind === 'line' ? 'line' : 'freeform',
      from,
      to,
      directed,
      attached,
    });
  }
  return { nodes, edges, containers, hiddenTextIds };
}

/** The node whose box is nearest to `p`, if within `SNAP_TOLERANCE`; ties go to the smaller box. */
export function snapToNode(p: Point, nodes: readonly SlideNode[]): string | null {
  let best: SlideNode | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const n of nodes) {
    const d = pointToBoxDistance(p, n.box);
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
