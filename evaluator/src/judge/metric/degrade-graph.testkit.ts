import type { FigureGraph } from '../../schemas/figure-graph.schema.ts';
import { createRng } from '../../stats/create-rng.ts';

/** How much an extraction misses; the defaults are a middling extractor on a clean figure. */
export interface Degradation {
  /** Share of relations not found at all. */
  missEdges: number;
  /** Share of found relations whose arrowhead was not seen (undirected). */
  undirected: number;
  /** Share of modules whose box was not seen (read as a free label, box = the text's extent). */
  boxMissed: number;
  /** Split one multi-word label into two labels, and glue a stray word onto another. */
  splitMerge: boolean;
  /** Invent one relation between two unrelated nodes, at low confidence. */
  spurious: boolean;
  /** Confidence range of what was found. */
  confidence: [number, number];
}

export const TYPICAL_DEGRADATION: Degradation = {
  missEdges: 0.15,
  undirected: 0.2,
  boxMissed: 0.15,
  splitMerge: true,
  spurious: true,
  confidence: [0.55, 0.95],
};

/**
 * What an imperfect raster extractor would make of a figure whose truth is `graph`: missed and
 * undirected relations, missed boxes, split and merged labels, an invented relation, and
 * confidences below 1 — deterministic for a seed. Used to develop and test the no-truth path
 * against known answers.
 */
export function degradeGraph(
  graph: FigureGraph,
  seed: number,
  d: Degradation = TYPICAL_DEGRADATION,
): FigureGraph {
  const rng = createRng(seed);
  const conf = () => round(d.confidence[0] + (d.confidence[1] - d.confidence[0]) * rng.next());
  const nodes: FigureGraph['nodes'] = [];
  const renamed = new Map<string, string>();
  let split = false;
  let merged = false;
  for (const n of graph.nodes) {
    const words = n.text.split(/\s+/).filter((w) => w !== '');
    if (d.splitMerge && !split && words.length >= 2) {
      // The two words read as two labels (the line was broken wrongly); edges keep the first.
      split = true;
      const [x, y, w, h] = n.bbox;
      const cut = Math.round(words.length / 2);
      const left = words.slice(0, cut).join(' ');
      const right = words.slice(cut).join(' ');
      const share = left.length / Math.max(1, left.length + right.length + 1);
      nodes.push({
        id: `${n.id}a`,
        text: left,
        bbox: [x, y, w * share, h],
        kind: 'label',
        confidence: 0.5,
      });
      nodes.push({
        id: `${n.id}b`,
        text: right,
        bbox: [x + w * share, y, w * (1 - share), h],
        kind: 'label',
        confidence: 0.5,
      });
      renamed.set(n.id, `${n.id}a`);
      continue;
    }
    if (d.splitMerge && !merged && words.length === 1) {
      // A stray mark read as a word glued onto the label.
      merged = true;
      nodes.push({ ...n, text: `${n.text} ll`, confidence: conf() });
      continue;
    }
    if (rng.next() < d.boxMissed) {
      const [x, y, w, h] = n.bbox;
      nodes.push({
        ...n,
        bbox: [x + w * 0.2, y + h * 0.35, w * 0.6, h * 0.3],
        kind: 'label',
        confidence: conf(),
      });
      continue;
    }
    nodes.push({ ...n, confidence: conf() });
  }
  const id = (x: string) => renamed.get(x) ?? x;
  const edges: FigureGraph['edges'] = [];
  for (const e of graph.edges) {
    if (rng.next() < d.missEdges) continue;
    edges.push({
      ...e,
      from: id(e.from),
      to: id(e.to),
      directed: e.directed && rng.next() >= d.undirected,
      confidence: conf(),
    });
  }
  if (d.spurious && nodes.length >= 3) {
    const linked = new Set(
      graph.edges.flatMap((e) => [`${id(e.from)}|${id(e.to)}`, `${id(e.to)}|${id(e.from)}`]),
    );
    outer: for (const a of nodes)
      for (const b of [...nodes].reverse())
        if (a.id !== b.id && !linked.has(`${a.id}|${b.id}`)) {
          edges.push({ from: a.id, to: b.id, directed: true, confidence: 0.3 });
          break outer;
        }
  }
  const groups = graph.groups.map((g) => ({
    ...g,
    members: g.members.map(id),
    confidence: conf(),
  }));
  return {
    ...graph,
    nodes,
    edges,
    groups,
    extractor: { name: 'degraded-truth', version: String(seed) },
  };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
