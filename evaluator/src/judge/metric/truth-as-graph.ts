import type { FigureGraph } from '../../schemas/figure-graph.schema.ts';
import type { Truth } from '../../schemas/task.schema.ts';

/**
 * Hand truth read as a figure graph: every element is certain (confidence 1), every node a
 * module (truth annotates boxes), every edge directed (truth records from → to). The metric
 * judge scores both paths from one graph type, so truth and extraction differ only in confidence.
 */
export function truthAsGraph(truth: Truth): FigureGraph {
  return {
    id: truth.id,
    width: truth.width,
    height: truth.height,
    nodes: truth.nodes.map((n) => ({
      id: n.id,
      text: n.text,
      bbox: n.bbox,
      kind: 'module' as const,
      confidence: 1,
      ...(n.fill !== undefined ? { fill: n.fill } : {}),
    })),
    edges: truth.edges.map((e) => ({
      from: e.from,
      to: e.to,
      directed: true,
      confidence: 1,
      ...(e.dashed !== undefined ? { dashed: e.dashed } : {}),
      ...(e.start !== undefined ? { start: e.start } : {}),
      ...(e.end !== undefined ? { end: e.end } : {}),
    })),
    groups: truth.groups.map((g) => ({
      id: g.id,
      text: g.text,
      // A group without a box gets the union of its members' boxes (the container drawn round them).
      bbox:
        g.bbox ?? unionOf(truth.nodes.filter((n) => g.members.includes(n.id)).map((n) => n.bbox)),
      members: g.members,
      confidence: 1,
    })),
    extractor: { name: 'truth', version: '1' },
  };
}

function unionOf(
  boxes: readonly [number, number, number, number][],
): [number, number, number, number] {
  if (boxes.length === 0) return [0, 0, 0, 0];
  const x0 = Math.min(...boxes.map((b) => b[0]));
  const y0 = Math.min(...boxes.map((b) => b[1]));
  const x1 = Math.max(...boxes.map((b) => b[0] + b[2]));
  const y1 = Math.max(...boxes.map((b) => b[1] + b[3]));
  return [x0, y0, x1 - x0, y1 - y0];
}
