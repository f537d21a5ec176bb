import type { FigureGraph } from '../schemas/figure-graph.schema.ts';
import type { Connector, Rect, Shape, TextLabel, Vec } from './figure-elements.ts';
import { containsRect, distanceToRect, inflate } from './rect-geometry.ts';

/** What the earlier stages found, in working pixels. */
export interface FigureParts {
  shapes: readonly Shape[];
  /** Which shapes hold other labelled shapes (containers, drawn as groups). */
  isContainer: readonly boolean[];
  labels: readonly TextLabel[];
  connectors: readonly Connector[];
  strokeWidth: number;
}

type Node = FigureGraph['nodes'][number];
type Edge = FigureGraph['edges'][number];
type Group = FigureGraph['groups'][number];

interface WorkNode {
  rect: Rect;
  text: string;
  kind: 'module' | 'label';
  confidence: number;
  fill?: string;
  /** Unlabelled boxes are kept only when a relation ends on them. */
  labelled: boolean;
  lineHeight: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Decides which shapes are containers: shapes holding another shape that has text. */
export function findContainers(shapes: readonly Shape[], labels: readonly TextLabel[]): boolean[] {
  const hasText = shapes.map((_, i) => labels.some((l) => l.shape === i));
  const contains = (i: number, j: number) =>
    i !== j &&
    shapes[j]!.rect.w * shapes[j]!.rect.h < 0.8 * shapes[i]!.rect.w * shapes[i]!.rect.h &&
    containsRect(shapes[i]!.rect, shapes[j]!.rect, 2);
  // A shape whose only text-bearing descendants are itself stays a module.
  return shapes.map((_, i) => shapes.some((_, j) => contains(i, j) && hasText[j]));
}

/**
 * Builds the figure graph from the parts: every non-container shape with its text is a module
 * (a box's lines of text are one label), containers become groups whose caption is the label
 * nearest their top (or bottom, or just outside above) edge, every other label is a free
 * `label` node, and every connector whose ends snap to two different nodes is a relation —
 * directed from the end without an arrowhead to the end with one, both ways when both ends
 * have one, undirected when neither has. Confidences multiply the evidence for each element.
 * `toSource` maps working pixels back to source pixels.
 */
export function assembleFigureGraph(
  parts: FigureParts,
  toSource: { x: number; y: number },
): Pick<FigureGraph, 'nodes' | 'edges' | 'groups'> {
  const { shapes, isContainer, labels, connectors, strokeWidth } = parts;
  // 1. Modules: shapes that are not containers, with all the text inside them.
  const nodes: WorkNode[] = [];
  const moduleOfShape = new Map<number, number>();
  shapes.forEach((s, i) => {
    if (isContainer[i]) return;
    const inside = labels.filter((l) => l.shape === i);
    const text = inside.map((l) => l.text).join(' ');
    const textConf = inside.length
      ? inside.reduce((sum, l) => sum + l.confidence, 0) / inside.length
      : 0;
    moduleOfShape.set(i, nodes.length);
    nodes.push({
      rect: s.rect,
      text,
      kind: 'module',
      confidence: s.score * (inside.length ? 0.55 + 0.45 * textConf : 0.4),
      fill: s.fill,
      labelled: inside.length > 0,
      lineHeight: inside.length ? Math.max(...inside.map((l) => l.lineHeight)) : 0,
    });
  });
  // 2. Containers: caption, then the other labels inside are free labels.
  const captionOf = new Map<number, TextLabel>();
  const usedAsCaption = new Set<TextLabel>();
  shapes.forEach((s, i) => {
    if (!isContainer[i]) return;
    const children = shapes.filter(
      (c, j) => j !== i && containsRect(s.rect, c.rect, 2) && !isContainer[j],
    );
    const top = Math.min(...children.map((c) => c.rect.y), s.rect.y + s.rect.h);
    const bottom = Math.max(...children.map((c) => c.rect.y + c.rect.h), s.rect.y);
    const own = labels.filter((l) => l.shape === i);
    const above = own
      .filter((l) => l.rect.y + l.rect.h <= top + 2)
      .sort((a, b) => a.rect.y - b.rect.y || a.rect.x - b.rect.x);
    const below = own
      .filter((l) => l.rect.y >= bottom - 2)
      .sort((a, b) => b.rect.y - a.rect.y || a.rect.x - b.rect.x);
    // A caption written just outside the frame, above it (or below it).
    const outside = labels
      .filter((l) => !usedAsCaption.has(l) && l.shape !== i && !containsRect(s.rect, l.rect, 2))
      .filter((l) => {
        const xIn =
          Math.min(l.rect.x + l.rect.w, s.rect.x + s.rect.w) - Math.max(l.rect.x, s.rect.x);
        if (xIn < 0.5 * l.rect.w) return false;
        const gapAbove = s.rect.y - (l.rect.y + l.rect.h);
        return gapAbove >= -2 && gapAbove <= 1.5 * l.lineHeight;
      })
      .sort((a, b) => b.rect.y - a.rect.y || a.rect.x - b.rect.x);
    const caption = above[0] ?? below[0] ?? outside[0];
    if (caption) {
      captionOf.set(i, caption);
      usedAsCaption.add(caption);
    }
  });
  // 3. Free labels: text in no module.
  for (const l of labels) {
    if (usedAsCaption.has(l)) continue;
    if (l.shape >= 0 && !isContainer[l.shape]) continue;
    const letters = l.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
    nodes.push({
      rect: l.rect,
      text: l.text,
      kind: 'label',
      confidence: l.confidence * (letters >= 3 ? 0.9 : 0.6),
      labelled: true,
      lineHeight: l.lineHeight,
    });
  }
  // 4. Relations: snap each connector end to the nearest node ahead of it.
  const lineHeights = labels.map((l) => l.lineHeight).sort((a, b) => a - b);
  const typicalLine = lineHeights.length ? lineHeights[lineHeights.length >> 1]! : 12;
  const tol = Math.max(8, 3 * strokeWidth + 4, 0.8 * typicalLine);
  const snap = (p: Vec, dir: Vec): { node: number; quality: number } | null => {
    let best: { node: number; quality: number; d: number } | null = null;
    nodes.forEach((n, k) => {
      const r = n.kind === 'label' ? inflate(n.rect, 0.3 * n.lineHeight) : n.rect;
      const d = distanceToRect(p, r);
      if (d > tol) return;
      if (d > 0) {
        // Outside the node: it must lie ahead of the line, not beside or behind it.
        const cx = Math.min(Math.max(p.x, r.x), r.x + r.w);
        const cy = Math.min(Math.max(p.y, r.y), r.y + r.h);
        if (((cx - p.x) * dir.x + (cy - p.y) * dir.y) / d < 0.3) return;
      }
      const rank = d + (n.kind === 'label' ? 0.25 * tol : 0);
      if (!best || rank < best.d) best = { node: k, quality: 1 - (0.5 * d) / tol, d: rank };
    });
    return best
      ? { node: (best as { node: number }).node, quality: (best as { quality: number }).quality }
      : null;
  };
  interface WorkEdge {
    from: number;
    to: number;
    directed: boolean;
    confidence: number;
    dashed: boolean;
    start: Vec;
    end: Vec;
  }
  const edges: WorkEdge[] = [];
  for (const c of connectors) {
    const ends = c.terminals
      .map((t) => ({ t, s: snap(t.point, t.dir) }))
      .filter(
        (e): e is { t: (typeof c.terminals)[number]; s: { node: number; quality: number } } =>
          e.s !== null,
      );
    if (ends.length < 2) continue;
    const line = c.dashed ? 0.9 : clamp01(0.4 + 0.6 * c.coverage);
    const many = ends.length > 2 ? 0.8 : 1;
    const heads = ends.filter((e) => e.t.head);
    const tails = ends.filter((e) => !e.t.head);
    const push = (a: (typeof ends)[number], b: (typeof ends)[number], directed: boolean) => {
      if (a.s.node === b.s.node) return;
      // Evidence for the reading: a head at b, and at a either a head (both ways) or none.
      const ha = a.t.headness;
      const hb = b.t.headness;
      const dir = directed ? hb * (a.t.head ? ha : 1 - ha) : (1 - ha) * (1 - hb);
      edges.push({
        from: a.s.node,
        to: b.s.node,
        directed,
        confidence: clamp01(line * many * a.s.quality * b.s.quality * (0.3 + 0.7 * dir)),
        dashed: c.dashed,
        start: a.t.point,
        end: b.t.point,
      });
    };
    if (heads.length && tails.length)
      for (const a of tails) for (const b of heads) push(a, b, true);
    else if (heads.length >= 2)
      for (const a of heads)
        for (const b of heads)
          if (a !== b) push(a, b, true);
          else
            for (let i = 0; i < ends.length; i++)
              for (let j = i + 1; j < ends.length; j++) push(ends[i]!, ends[j]!, false);
  }
  // 5. Unlabelled boxes stay only when a relation ends on them.
  const touched = new Set(edges.flatMap((e) => [e.from, e.to]));
  const keep = nodes.map((n, k) => n.labelled || touched.has(k));
  // Reading order: top to bottom, left to right (stable ids).
  const order = nodes
    .map((n, k) => ({ n, k }))
    .filter(({ k }) => keep[k])
    .sort(
      (a, b) =>
        a.n.rect.y - b.n.rect.y || a.n.rect.x - b.n.rect.x || a.n.text.localeCompare(b.n.text),
    );
  const idOf = new Map<number, string>();
  order.forEach(({ k }, i) => idOf.set(k, `n${i + 1}`));
  const box = (r: Rect): [number, number, number, number] => [
    round1(r.x / toSource.x),
    round1(r.y / toSource.y),
    round1(r.w / toSource.x),
    round1(r.h / toSource.y),
  ];
  const pt = (v: Vec): [number, number] => [round1(v.x / toSource.x), round1(v.y / toSource.y)];
  const outNodes: Node[] = order.map(({ n, k }) => ({
    id: idOf.get(k)!,
    text: n.text,
    bbox: box(n.rect),
    kind: n.kind,
    confidence: round3(n.labelled ? n.confidence : n.confidence * 0.8),
    ...(n.fill ? { fill: n.fill } : {}),
  }));
  // Duplicates (two connectors between the same pair): the most confident one; a directed
  // reading beats an undirected one of the same pair.
  const byKey = new Map<string, WorkEdge>();
  for (const e of edges) {
    const key = e.directed
      ? `${e.from}>${e.to}`
      : `${Math.min(e.from, e.to)}-${Math.max(e.from, e.to)}`;
    const prev = byKey.get(key);
    if (!prev || e.confidence > prev.confidence) byKey.set(key, e);
  }
  const directedPairs = new Set(
    [...byKey.values()]
      .filter((e) => e.directed)
      .map((e) => `${Math.min(e.from, e.to)}-${Math.max(e.from, e.to)}`),
  );
  const outEdges: Edge[] = [...byKey.values()]
    .filter(
      (e) =>
        e.directed || !directedPairs.has(`${Math.min(e.from, e.to)}-${Math.max(e.from, e.to)}`),
    )
    .map((e) => ({
      from: idOf.get(e.from)!,
      to: idOf.get(e.to)!,
      directed: e.directed,
      confidence: round3(e.confidence),
      dashed: e.dashed,
      start: pt(e.start),
      end: pt(e.end),
    }))
    .sort(
      (a, b) =>
        idNum(a.from) - idNum(b.from) ||
        idNum(a.to) - idNum(b.to) ||
        Number(a.directed) - Number(b.directed),
    );
  // 6. Groups: containers with their members (every node inside, nested ones included).
  const groups: Group[] = [];
  shapes.forEach((s, i) => {
    if (!isContainer[i]) return;
    const members = order
      .filter(
        ({ n }) => containsRect(s.rect, n.rect, 2) && n.rect.w * n.rect.h < s.rect.w * s.rect.h,
      )
      .map(({ k }) => idOf.get(k)!);
    if (members.length === 0) return;
    const caption = captionOf.get(i);
    groups.push({
      id: '',
      text: caption?.text ?? '',
      bbox: box(s.rect),
      members: members.sort((a, b) => idNum(a) - idNum(b)),
      confidence: round3(s.score * (caption ? 0.6 + 0.4 * caption.confidence : 0.7)),
    });
  });
  groups.sort(
    (a, b) =>
      a.bbox[1] - b.bbox[1] ||
      a.bbox[0] - b.bbox[0] ||
      b.bbox[2] * b.bbox[3] - a.bbox[2] * a.bbox[3],
  );
  groups.forEach((g, i) => {
    g.id = `g${i + 1}`;
  });
  return { nodes: outNodes, edges: outEdges, groups };
}

const idNum = (id: string) => Number(id.slice(1));
const round1 = (v: number) => Math.round(v * 10) / 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;
