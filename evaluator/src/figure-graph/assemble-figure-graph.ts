import type { FigureGraph } from '../schemas/figure-graph.schema.ts';
import type { FigureGroup, FigureNode, Rect, Vec } from './figure-elements.ts';
import type { Relation } from './read-relations.ts';
import { containsRect } from './rect-geometry.ts';

type Edge = FigureGraph['edges'][number];
type Group = FigureGraph['groups'][number];

const round1 = (v: number) => Math.round(v * 10) / 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;
const idNum = (id: string) => Number(id.slice(1));
const pairKey = (a: number, b: number) => `${Math.min(a, b)}-${Math.max(a, b)}`;

/**
 * Writes the graph in source pixels: boxes without text stay only when a relation ends on
 * them; node ids follow reading order (top to bottom, left to right); of several readings of
 * one pair the most confident stays, and a directed reading beats an undirected one; a group
 * lists every node inside it (nested groups' nodes included). `scale` is working pixels per
 * source pixel.
 */
export function assembleFigureGraph(
  nodes: readonly FigureNode[],
  groups: readonly FigureGroup[],
  relations: readonly Relation[],
  scale: { x: number; y: number },
): Pick<FigureGraph, 'nodes' | 'edges' | 'groups'> {
  const touched = new Set(relations.flatMap((e) => [e.from, e.to]));
  const order = nodes
    .map((n, k) => ({ n, k }))
    .filter(({ n, k }) => n.labelled || touched.has(k))
    .sort(
      (a, b) =>
        a.n.rect.y - b.n.rect.y ||
        a.n.rect.x - b.n.rect.x ||
        a.n.text.localeCompare(b.n.text) ||
        a.k - b.k,
    );
  const idOf = new Map<number, string>();
  order.forEach(({ k }, i) => {
    idOf.set(k, `n${i + 1}`);
  });
  const box = (r: Rect): [number, number, number, number] => [
    round1(r.x / scale.x),
    round1(r.y / scale.y),
    round1(r.w / scale.x),
    round1(r.h / scale.y),
  ];
  const pt = (v: Vec): [number, number] => [round1(v.x / scale.x), round1(v.y / scale.y)];
  const outNodes: FigureGraph['nodes'] = order.map(({ n, k }) => ({
    id: idOf.get(k)!,
    text: n.text,
    bbox: box(n.rect),
    kind: n.kind,
    confidence: round3(n.confidence),
    ...(n.fill ? { fill: n.fill } : {}),
  }));

  const best = new Map<string, Relation>();
  for (const e of relations) {
    if (!idOf.has(e.from) || !idOf.has(e.to)) continue;
    const key = e.directed ? `${e.from}>${e.to}` : pairKey(e.from, e.to);
    const prev = best.get(key);
    if (!prev || e.confidence > prev.confidence) best.set(key, e);
  }
  const directedPairs = new Set(
    [...best.values()].filter((e) => e.directed).map((e) => pairKey(e.from, e.to)),
  );
  const outEdges: Edge[] = [...best.values()]
    .filter((e) => e.directed || !directedPairs.has(pairKey(e.from, e.to)))
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

  const outGroups: Group[] = [];
  for (const g of groups) {
    const members = order
      .filter(({ n }) => containsRect(g.rect, n.rect, 2))
      .map(({ k }) => idOf.get(k)!)
      .sort((a, b) => idNum(a) - idNum(b));
    if (members.length === 0) continue;
    outGroups.push({
      id: '',
      text: g.caption?.text ?? '',
      bbox: box(g.rect),
      members,
      confidence: round3(g.confidence),
    });
  }
  outGroups.sort(
    (a, b) =>
      a.bbox[1] - b.bbox[1] ||
      a.bbox[0] - b.bbox[0] ||
      b.bbox[2] * b.bbox[3] - a.bbox[2] * a.bbox[3],
  );
  outGroups.forEach((g, i) => {
    g.id = `g${i + 1}`;
  });
  return { nodes: outNodes, edges: outEdges, groups: outGroups };
}
