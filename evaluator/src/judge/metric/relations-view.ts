import type { NodeMatch, NodeMatching } from './match-nodes.ts';
import type { ReferenceEdge, ReferenceFigure } from './reference-figure.ts';

/** The reference's relations as the slide's nodes see them. */
export interface RelationsView {
  /** Slide node id → its (first) match. */
  toRef: Map<string, NodeMatch>;
  /** Reference relations over canonical node ids, self-loops dropped, duplicates merged. */
  edges: ReferenceEdge[];
  /** Reference node id → the canonical id of the slide node's group it belongs to. */
  canonical: (refId: string) => string;
}

/**
 * Reference nodes one slide node stands for together (a label the extractor read as several
 * parts) are one node for relations: the canonical id is the first of them, and the reference's
 * relations are rewritten onto canonical ids (keeping the most confident of duplicates). S and
 * E both read relations through this view, so they agree on what a relation is.
 */
export function relationsView(reference: ReferenceFigure, matching: NodeMatching): RelationsView {
  const canon = new Map<string, string>();
  const toRef = new Map<string, NodeMatch>();
  for (const m of matching.matches) {
    const first = toRef.get(m.slide);
    if (first === undefined) toRef.set(m.slide, m);
    canon.set(m.ref, first?.ref ?? m.ref);
  }
  const canonical = (x: string) => canon.get(x) ?? x;
  const merged = new Map<string, ReferenceEdge>();
  for (const e of reference.edges) {
    const from = canonical(e.from);
    const to = canonical(e.to);
    if (from === to) continue;
    const k = `${from}\u0000${to}\u0000${e.directed}`;
    const prev = merged.get(k);
    if (!prev || prev.confidence < e.confidence) merged.set(k, { ...e, from, to });
  }
  return { toRef, edges: [...merged.values()], canonical };
}
