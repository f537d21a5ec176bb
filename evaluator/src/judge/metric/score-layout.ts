import type { NodeMatching } from './match-nodes.ts';
import type { ReferenceFigure } from './reference-figure.ts';
import type { SlideGraph } from './read-slide-graph.ts';
import { centerOf, distance, type Frame } from './slide-geometry.ts';
import { cap } from './score-structure.ts';

export interface LayoutEvidence {
  /** Matched modules / reference modules. */
  coverage: number;
  /** Mean position agreement of matched modules (centre distance in the common frame). */
  position: number;
  /** Share of module pairs whose left/right and above/below order agrees with the source. */
  order: number;
  pairs: number;
  /** Modules placed farthest from where the source has them. */
  displaced: { label: string; distance: number }[];
}

export interface LayoutScore {
  fraction: number;
  evidence: LayoutEvidence;
}

/** Centre distance (slide widths) at which position agreement reaches 0. */
const POSITION_RANGE = 0.2;
/** Offsets smaller than this (slide widths) count as "same row/column". */
const ORDER_TOLERANCE = 0.02;

/**
 * L: relative geometry and reading order of the matched modules. Position = mean of
 * max(0, 1 − d/0.2) over matched modules, d the centre distance once the source is fitted into
 * the slide; order = for every pair of matched modules, whether left/right and above/below agree
 * (a "same row" in one and an order in the other earns half). L = coverage · (½ position + ½ order),
 * so unplaced modules cost too.
 */
export function scoreLayout(
  reference: ReferenceFigure,
  graph: SlideGraph,
  matching: NodeMatching,
  frame: Frame,
): LayoutScore {
  const refBox = new Map(reference.nodes.map((n) => [n.id, frame.fromSource(n.box)] as const));
  const slideBox = new Map(graph.nodes.map((n) => [n.id, n.box] as const));
  const pts = matching.matches.map((m) => ({
    label: m.refText || m.ref,
    r: centerOf(refBox.get(m.ref)!),
    s: centerOf(slideBox.get(m.slide)!),
  }));
  const coverage = reference.nodes.length === 0 ? 0 : pts.length / reference.nodes.length;
  if (pts.length === 0) {
    return { fraction: 0, evidence: { coverage, position: 0, order: 0, pairs: 0, displaced: [] } };
  }
  const dists = pts.map((p) => distance(p.r, p.s));
  const position = dists.reduce((s, d) => s + Math.max(0, 1 - d / POSITION_RANGE), 0) / pts.length;
  let agree = 0;
  let pairs = 0;
  const sign = (d: number) => (Math.abs(d) < ORDER_TOLERANCE ? 0 : Math.sign(d));
  // Pairwise order is O(n²); beyond 300 modules a deterministic stride sample keeps it bounded.
  const step = Math.max(1, Math.ceil(pts.length / 300));
  for (let i = 0; i < pts.length; i += step) {
    for (let j = i + 1; j < pts.length; j += step) {
      const a = pts[i]!;
      const b = pts[j]!;
      for (const axis of ['x', 'y'] as const) {
        const rs = sign(b.r[axis] - a.r[axis]);
        const ss = sign(b.s[axis] - a.s[axis]);
        agree += rs === ss ? 1 : rs === 0 || ss === 0 ? 0.5 : 0;
        pairs += 1;
      }
    }
  }
  const order = pairs === 0 ? position : agree / pairs;
  const displaced = cap(
    pts
      .map((p, i) => ({ label: p.label, distance: Math.round(dists[i]! * 1000) / 1000 }))
      .filter((d) => d.distance > POSITION_RANGE / 4)
      .sort((a, b) => b.distance - a.distance || (a.label < b.label ? -1 : 1)),
    10,
  );
  return {
    fraction: coverage * (0.5 * position + 0.5 * order),
    evidence: { coverage, position, order, pairs: pairs / 2, displaced },
  };
}
