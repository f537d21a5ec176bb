import type { NodeMatch, NodeMatching } from './match-nodes.ts';
import type { ReferenceEdge, ReferenceFigure } from './reference-figure.ts';

/** The reference's relations as the slide's nodes see them. */
export interface RelationsView {
  /**
   * Slide node id → its (first) match; a slide container standing for a reference group a
   * relation ends at maps to that group (a relation end, not a module).
   */
  toRef: Map<string, NodeMatch>;
  /** Reference relations over canonical node ids, self-loops dropped, duplicates merged. */
  edges: ReferenceEdge[];
  /** Reference node id → the canonical id of the slide node's group it belongs to. */
  canonical: (refId: string) => string;
}

/**
 * Reference nodes one slide node stands for together (a label the extractor read as several
 * parts) are one node for relations: the canonical id is the first of them, and the reference's
 * relations are rewritten onto canonical ids (keeping the most confident of duplicates; a
 * double-headed relation is one relation whichever way it is written). S and E both read
 * relations through this view, so they agree on what a relation is.
 */
export function relationsView(reference: ReferenceFigure, matching: NodeMatching): RelationsView {
  const canon = new Map<string, string>();
  const toRef = new Map<string, NodeMatch>();
  for (const m of matching.matches) {
    const first = toRef.get(m.slide);
    if (first === undefined) toRef.set(m.slide, m);
    canon.set(m.ref, first?.ref ?? m.ref);
  }
  const groupText = new Map(reference.groups.map((g) => [g.id, g.text] as const));
  for (const c of matching.containers ?? [])
    if (!toRef.has(c.slide))
      toRef.set(c.slide, {
        ref: c.ref,
        slide: c.slide,
        refText: groupText.get(c.ref) ?? '',
        slideText: '',
        text: 0,
        position: 0,
        distance: 0,
        eligible: true,
        confidence: 1,
        credit: 0,
        shapeCredit: 0,
      });
  const canonical = (x: string) => canon.get(x) ?? x;
  const merged = new Map<string, ReferenceEdge>();
  for (const e of reference.edges) {
    let from = canonical(e.from);
    let to = canonical(e.to);
    if (from === to) continue;
    if (e.bidirectional && to < from) [from, to] = [to, from];
    const k = `${from}\u0000${to}\u0000${e.bidirectional ? 'both' : e.directed}`;
    const prev = merged.get(k);
    if (!prev || prev.confidence < e.confidence) merged.set(k, { ...e, from, to });
  }
  return { toRef, edges: [...merged.values()], canonical };
}
