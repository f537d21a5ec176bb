import type { NodeMatch, NodeMatching } from './match-nodes.ts';
import type { ReferenceFigure } from './reference-figure.ts';
import type { SlideGraph } from './read-slide-graph.ts';
import { centerOf, type Frame } from './slide-geometry.ts';
import { placementOf } from './match-nodes.ts';
import { cap } from './score-structure.ts';

export interface LayoutEvidence {
  /** Matched nodes / reference nodes, weighted by confidence and label similarity. */
  coverage: number;
  /** Mean position agreement of matched nodes (centre distance in the common frame). */
  position: number;
  /**
   * Agreement of left/right and above/below order over node pairs beyond chance: 2·a − 1 for a
   * share a of agreeing pairs (random placement agrees on about half), floored at 0.
   */
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
 * L: relative geometry and reading order of the figure's labelled nodes as the slide places
 * them. A label counts here whether or not it is in a box, but only near where the source has
 * it: its weight falls from full within `NEAR` to nothing at `FAR`.
 * - coverage = placed weight / reference weight (weights: confidence × label similarity, or the
 *   confidence alone for an unlabelled module paired with an unlabelled box);
 * - position = mean of max(0, 1 − d/0.2) over placed nodes, d the centre distance once the
 *   source is fitted into the slide and aligned with the slide's layout (`fitAlignment`: the same
 *   layout drawn a little larger or off-centre is not displaced);
 * - order = over every pair of matched nodes, placed or not, whether left/right and above/below
 *   agree (a "same row" in one and an order in the other earns half), corrected for chance
 *   (2·a − 1, floored at 0), so labels scattered at random earn no order.
 * L = coverage · (½ position + ½ order), so unplaced nodes cost too.
 */
export function scoreLayout(
  reference: ReferenceFigure,
  graph: SlideGraph,
  matching: NodeMatching,
  frame: Frame,
): LayoutScore {
  const refBox = new Map(reference.nodes.map((n) => [n.id, frame.fromSource(n.box)] as const));
  const slideBox = new Map(graph.nodes.map((n) => [n.id, n.box] as const));
  // An unlabelled module (a picture, a token cell) paired with an unlabelled slide box by place
  // counts fully: it has no label to be similar in, only its place.
  const unlabelled = (m: NodeMatch) => m.refText.trim() === '' && m.slideText.trim() === '';
  const all = matching.matches
    .filter((m) => m.text > 0 || unlabelled(m))
    .map((m) => ({
      w: m.confidence * (unlabelled(m) ? 1 : m.text),
      placement: placementOf(m.distance),
      d: m.distance,
      r: centerOf(refBox.get(m.ref)!),
      s: centerOf(slideBox.get(m.slide)!),
    }));
  const displaced = cap(
    matching.matches
      .filter((m) => (m.text > 0 || unlabelled(m)) && m.distance > POSITION_RANGE / 4)
      .map((m) => ({ label: m.refText || m.ref, distance: Math.round(m.distance * 1000) / 1000 }))
      .sort((a, b) => b.distance - a.distance || (a.label < b.label ? -1 : 1)),
    10,
  );
  const mass = reference.nodes.reduce((s, n) => s + n.confidence, 0);
  const placed = all.reduce((s, p) => s + p.w * p.placement, 0);
  const coverage = mass === 0 ? 0 : Math.min(1, placed / mass);
  if (placed === 0) {
    return { fraction: 0, evidence: { coverage, position: 0, order: 0, pairs: 0, displaced } };
  }
  const position =
    all.reduce((s, p) => s + p.w * p.placement * Math.max(0, 1 - p.d / POSITION_RANGE), 0) / placed;
  // Order over every pair of labelled nodes, placed or not: a scattered slide agrees by chance.
  let agree = 0;
  let pairs = 0;
  let count = 0;
  const sign = (d: number) => (Math.abs(d) < ORDER_TOLERANCE ? 0 : Math.sign(d));
  // Pairwise order is O(n²); beyond 300 modules a deterministic stride sample keeps it bounded.
  const step = Math.max(1, Math.ceil(all.length / 300));
  for (let i = 0; i < all.length; i += step) {
    for (let j = i + 1; j < all.length; j += step) {
      const a = all[i]!;
      const b = all[j]!;
      const w = a.w * b.w;
      for (const axis of ['x', 'y'] as const) {
        const rs = sign(b.r[axis] - a.r[axis]);
        const ss = sign(b.s[axis] - a.s[axis]);
        agree += w * (rs === ss ? 1 : rs === 0 || ss === 0 ? 0.5 : 0);
        pairs += w;
        count += 1;
      }
    }
  }
  const order = pairs === 0 ? position : Math.max(0, 2 * (agree / pairs) - 1);
  return {
    fraction: coverage * (0.5 * position + 0.5 * order),
    evidence: { coverage, position, order, pairs: count / 2, displaced },
  };
}
