import type { FigureGraph } from '../schemas/figure-graph.schema.ts';
import type { Truth } from '../schemas/task.schema.ts';

/**
 * Reads a ground-truth annotation (`truth.json`) as a figure graph of confidence 1: nodes are
 * modules unless marked `kind: 'label'`, edges are directed unless marked `directed: false`
 * (double-headed ones keep `bidirectional`), and a group without a box gets the box around its
 * members.
 */
export function figureGraphFromTruth(truth: Truth): FigureGraph {
  const byId = new Map(truth.nodes.map((n) => [n.id, n]));
  return {
    id: truth.id,
    width: truth.width,
    height: truth.height,
    nodes: truth.nodes.map((n) => ({
      id: n.id,
      text: n.text,
      bbox: n.bbox,
      kind: n.kind ?? 'module',
      confidence: 1,
      ...(n.fill !== undefined ? { fill: n.fill } : {}),
      ...(n.parent !== undefined ? { parent: n.parent } : {}),
    })),
    edges: truth.edges.map((e) => ({
      from: e.from,
      to: e.to,
      directed: e.bidirectional ? true : (e.directed ?? true),
      ...(e.bidirectional ? { bidirectional: true } : {}),
      confidence: 1,
      ...(e.dashed !== undefined ? { dashed: e.dashed } : {}),
      ...(e.start ? { start: e.start } : {}),
      ...(e.end ? { end: e.end } : {}),
    })),
    groups: truth.groups.map((g) => {
      const boxes = g.members.flatMap((m) => {
        const n = byId.get(m);
        return n ? [n.bbox] : [];
      });
      const x0 = Math.min(...boxes.map((b) => b[0]));
      const y0 = Math.min(...boxes.map((b) => b[1]));
      const x1 = Math.max(...boxes.map((b) => b[0] + b[2]));
      const y1 = Math.max(...boxes.map((b) => b[1] + b[3]));
      const bbox: [number, number, number, number] =
        g.bbox ?? (boxes.length ? [x0, y0, x1 - x0, y1 - y0] : [0, 0, 0, 0]);
      return { id: g.id, text: g.text, bbox, members: g.members, confidence: 1 };
    }),
    extractor: { name: 'truth', version: '1' },
  };
}
