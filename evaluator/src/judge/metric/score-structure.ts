import type { NodeMatching } from './match-nodes.ts';
import { relationsView } from './relations-view.ts';
import type { ReferenceFigure } from './reference-figure.ts';
import type { SlideGraph } from './read-slide-graph.ts';

/** Evidence for S: which modules, relations and groups were found, missing, reversed or invented. */
export interface StructureEvidence {
  nodes: {
    score: number;
    matched: number;
    of: number;
    missing: string[];
    /** Matched by label but not counted as a module: a bare text box where the figure has a box. */
    notModules: string[];
    /** Labelled where the figure has them, but far from where it has them. */
    misplaced: string[];
    /** Drawn, labelled boxes standing for nothing in the figure (invented or duplicated). */
    invented: string[];
    extra: string[];
    truncated: boolean;
  };
  edges: {
    /** 0.2 · presence + 0.8 · direction (presence alone when the figure has no arrowheads). */
    score: number;
    /** Σ confidence of reference relations drawn in any form between their ends / (Σ confidence + Σ invented weight): a weighted Jaccard of the pairs. */
    presence: number;
    /** Of the reference relations with arrowheads (confidence-weighted): drawn the figure's way 1, hedged ½, reversed or missing 0 — times the presence precision; null when the figure has none. */
    direction: number | null;
    precision: number;
    recall: number;
    matched: string[];
    /** Drawn in the opposite direction only: wrong (a reversed edge changes the method), and an invented relation too. */
    reversed: string[];
    /** Drawn without committing to the figure's direction (no decisive arrowhead, both ways where the figure has one, one way where it has both): half credit. */
    undirected: string[];
    missing: string[];
    /** Relations the figure does not have: between modules it does not relate, or lines ending at no module (reversed ones are listed under `reversed`). */
    extra: string[];
    /** Lines and connectors that touch no module at one end or both (they cost like invented relations). */
    loose: number;
    /** Full sizes of the lists above (the lists are cut at 40 for the record). */
    counts: {
      matched: number;
      reversed: number;
      undirected: number;
      missing: number;
      extra: number;
    };
  };
  groups: { score: number; matched: { group: string; jaccard: number }[] } | null;
  weights: { nodes: number; edges: number; groups: number };
  /** Slide objects left out: off the canvas, on a large picture, or relations that do not show. */
  excluded: { offCanvas: number; onPicture: number; invisible: number };
}

export interface StructureScore {
  /** S as a fraction of its maximum. */
  fraction: number;
  evidence: StructureEvidence;
}

/** Credit for a relation drawn without committing to a direction (undirected, or both ways). */
const HEDGED_CREDIT = 0.5;
/**
 * Share of the relations part that is direction (0.8): of the figure's relations with arrowheads, how
 * many the slide draws the figure's way. A figure's arrows are its method; reversing them all
 * costs most of the relations part even where they are a few among many plain lines.
 */
export const DIRECTION_WEIGHT = 0.8;
/** An invented relation without a decisive arrowhead costs this much of one with one. */
const UNDIRECTED_EXTRA_WEIGHT = 0.5;

/**
 * S: modules, directed relations and hierarchy, every reference element weighted by its
 * confidence — so where the reference is unsure, both the credit for matching it and the
 * penalty for missing or contradicting it shrink, and nothing is given for free.
 *
 * - Modules: the matching's score (a label earns module credit only on a drawn box of comparable
 *   size near where the figure has it; invented and duplicated boxes cost).
 * - Relations: the slide's relations between modules are mapped onto reference ids and scored
 *   twice. Presence: a reference relation drawn in any form between its two ends earns its
 *   confidence; invented relations — between modules the figure does not relate, or lines ending
 *   at no module — weigh κ × min(confidence of their ends) (κ = the reference's mean relation
 *   confidence; ½ for a line without arrowhead); presence = Σ credit / (Σ confidence + Σ invented
 *   weight). Direction, over the reference relations with arrowheads: drawn the figure's way 1,
 *   without direction or both ways ½, only the wrong way or not at all 0 — a double-headed
 *   reference relation is matched in full by a double-headed drawing or an arrow each way, by
 *   half by one way or a plain line — times the share of the slide's drawn relations that are the
 *   figure's (precision); a reversed drawing also counts as invented in presence. Relations =
 *   0.2 · presence + 0.8 · direction (presence alone
 *   when the figure has no arrowheads), so every arrow reversed costs most of it whatever share of
 *   the figure's lines are arrows. A relation may end at a group: the slide container standing
 *   for it (see `matchNodes`). A relation touching a bare label where the figure has a
 *   module is not counted either way. A reference relation without direction is matched by a
 *   drawing in either direction.
 * - Groups: for each reference group the best Jaccard overlap with a slide container, weighted
 *   by the group's confidence.
 * Weights: modules .35, relations .5, groups .15 (no reference groups: .4/.6).
 */
export function scoreStructure(
  reference: ReferenceFigure,
  graph: SlideGraph,
  matching: NodeMatching,
): StructureScore {
  const refText = new Map([
    ...reference.groups.map((g) => [g.id, g.text || `group ${g.id}`] as const),
    ...reference.nodes.map((n) => [n.id, n.text] as const),
  ]);
  const slideText = new Map(graph.nodes.map((n) => [n.id, n.text] as const));
  const label = (id: string) => JSON.stringify(refText.get(id) ?? id);
  const slideLabel = (id: string | null) =>
    id === null ? '(nothing)' : JSON.stringify(slideText.get(id) || `shape ${id}`);
  const nodes = {
    score: matching.score,
    matched: matching.matches.filter((m) => m.credit > 0).length,
    of: reference.nodes.length,
    missing: cap(matching.missing.map(label)),
    notModules: cap(matching.matches.filter((m) => !m.eligible).map((m) => label(m.ref))),
    misplaced: cap(
      matching.matches
        .filter((m) => m.eligible && m.shapeCredit > 0 && m.credit === 0)
        .map((m) => label(m.ref)),
    ),
    invented: cap(matching.invented.map(slideLabel)),
    extra: cap(matching.extra.map(slideLabel)),
    truncated: matching.truncated,
  };

  const relations = scoreRelations(reference, graph, matching, label, slideLabel);
  const edges = relations.evidence;
  const edgeScore = relations.score;

  let groups: StructureEvidence['groups'] = null;
  let groupScore = 0;
  const refGroups = reference.groups.filter((g) => g.members.length > 0);
  if (refGroups.length > 0) {
    // A slide node may stand for several reference nodes (a label read in parts): all are inside.
    const slideToRefs = new Map<string, string[]>();
    for (const m of matching.matches)
      if (m.eligible) slideToRefs.set(m.slide, [...(slideToRefs.get(m.slide) ?? []), m.ref]);
    const containers = graph.containers.map(
      (c) => new Set(c.members.flatMap((m) => slideToRefs.get(m) ?? [])),
    );
    const matched = refGroups.map((g) => {
      const want = new Set(g.members);
      let best = 0;
      for (const have of containers) {
        const inter = [...have].filter((m) => want.has(m)).length;
        const union = new Set([...have, ...want]).size;
        best = Math.max(best, union === 0 ? 0 : inter / union);
      }
      return { group: g.text || g.id, jaccard: best, confidence: g.confidence };
    });
    const mass = matched.reduce((s, m) => s + m.confidence, 0);
    groupScore = mass === 0 ? 0 : matched.reduce((s, m) => s + m.confidence * m.jaccard, 0) / mass;
    groups = {
      score: groupScore,
      matched: matched.map(({ group, jaccard }) => ({ group, jaccard })),
    };
  }

  const weights =
    groups === null
      ? { nodes: 0.4, edges: 0.6, groups: 0 }
      : { nodes: 0.35, edges: 0.5, groups: 0.15 };
  const fraction =
    weights.nodes * nodes.score + weights.edges * edgeScore + weights.groups * groupScore;
  const excluded = {
    offCanvas: graph.excluded.offCanvas.length,
    onPicture: graph.excluded.onPicture.length,
    invisible: graph.excluded.invisible.length,
  };
  return { fraction, evidence: { nodes, edges, groups, weights, excluded } };
}

/** The relations part of S (see {@link scoreStructure}). */
function scoreRelations(
  reference: ReferenceFigure,
  graph: SlideGraph,
  matching: NodeMatching,
  label: (id: string) => string,
  slideLabel: (id: string | null) => string,
): { score: number; evidence: NonNullable<StructureEvidence['edges']> } {
  const { toRef, edges: refEdges } = relationsView(reference, matching);
  const conf = new Map(reference.nodes.map((n) => [n.id, n.confidence] as const));
  const kappa =
    refEdges.length === 0 ? 1 : refEdges.reduce((s, e) => s + e.confidence, 0) / refEdges.length;
  // 1. What the slide draws between reference nodes: per ordered pair, directed or not.
  const drawn = new Map<string, { fwd: boolean; undirected: boolean; both: boolean }>();
  const pairKey = (a: string, b: string) => `${a}\u0000${b}`;
  const mark = (a: string, b: string, directed: boolean, both = false) => {
    const k = pairKey(a, b);
    const d = drawn.get(k) ?? { fwd: false, undirected: false, both: false };
    if (directed) d.fwd = true;
    else d.undirected = true;
    if (both) d.both = true;
    drawn.set(k, d);
  };
  const invented: { text: string; weight: number }[] = [];
  let loose = 0;
  for (const e of graph.edges) {
    if (e.from !== null && e.from === e.to) continue;
    const ma = e.from === null ? undefined : toRef.get(e.from);
    const mb = e.to === null ? undefined : toRef.get(e.to);
    // A relation touching a bare label where the figure has a module is not a relation between
    // modules: neither credited nor charged.
    if ((ma && !ma.eligible) || (mb && !mb.eligible)) continue;
    const drawnText = `${slideLabel(e.from)} ${e.directed ? '→' : '—'} ${slideLabel(e.to)}`;
    const weight = e.directed ? 1 : UNDIRECTED_EXTRA_WEIGHT;
    if (!ma || !mb || ma.ref === mb.ref) {
      // Ends at no module, or at one the figure does not have: an invented relation.
      if (e.from === null || e.to === null) loose += 1;
      invented.push({ text: drawnText, weight: kappa * weight });
      continue;
    }
    mark(ma.ref, mb.ref, e.directed, e.bothHeads);
    if (!e.directed) mark(mb.ref, ma.ref, false, e.bothHeads);
  }
  // 2. Each reference relation against what is drawn: is the pair related at all (presence), and
  //    — for a relation with arrowheads — is it drawn the figure's way (direction).
  const refPairs = new Set(refEdges.map((e) => pairKey(e.from, e.to)));
  const used = new Set<string>();
  let present = 0;
  let mass = 0;
  let directedMass = 0;
  let directedCredit = 0;
  const matched: string[] = [];
  const reversed: string[] = [];
  const undirected: string[] = [];
  const missing: string[] = [];
  for (const e of refEdges) {
    const text = `${label(e.from)} → ${label(e.to)}`;
    mass += e.confidence;
    const fwd = drawn.get(pairKey(e.from, e.to));
    const back = drawn.get(pairKey(e.to, e.from));
    used.add(pairKey(e.from, e.to));
    // The reverse drawing is "used" by this relation unless the figure relates the pair both ways.
    if (e.bidirectional || !refPairs.has(pairKey(e.to, e.from))) used.add(pairKey(e.to, e.from));
    const forward = !!fwd?.fwd;
    const backward = !!back?.fwd && !refPairs.has(pairKey(e.to, e.from));
    const plain = !!fwd?.undirected;
    const any = forward || plain || !!back?.fwd;
    if (any) present += e.confidence;
    if (!e.directed) {
      if (any) matched.push(text);
      else missing.push(text);
      continue;
    }
    // Two arrows between one pair, one each way, commit to no direction as a pair: drawing one of
    // them is a question of presence (the other is missing), not of direction.
    const reciprocal = !e.bidirectional && refPairs.has(pairKey(e.to, e.from));
    if (!reciprocal) directedMass += e.confidence;
    if (e.bidirectional) {
      // One relation both ways: a double-headed drawing or an arrow each way matches it in full;
      // one way only, or a line without heads, commits to half of it.
      const both = fwd?.both || (forward && !!back?.fwd);
      const t = text.replace(' → ', ' ↔ ');
      if (both) {
        directedCredit += e.confidence;
        matched.push(t);
      } else if (any) {
        directedCredit += HEDGED_CREDIT * e.confidence;
        undirected.push(t);
      } else missing.push(t);
    } else if (forward && !backward && !plain) {
      if (!reciprocal) directedCredit += e.confidence;
      matched.push(text);
    } else if (forward || plain) {
      if (!reciprocal) directedCredit += HEDGED_CREDIT * e.confidence;
      undirected.push(text);
    } else if (backward) {
      reversed.push(text);
      // The wrong drawing also asserts a relation the figure lacks (listed as reversed, not extra).
      invented.push({ text: '', weight: e.confidence });
    } else missing.push(text);
  }
  // 3. Pairs drawn that the figure does not relate.
  for (const [k, d] of drawn) {
    if (used.has(k)) continue;
    const [a, b] = k.split('\u0000') as [string, string];
    if (!d.fwd && used.has(pairKey(b, a))) continue;
    if (!d.fwd && a > b && drawn.get(pairKey(b, a))?.undirected) continue; // counted once
    const weight =
      kappa * Math.min(conf.get(a) ?? 1, conf.get(b) ?? 1) * (d.fwd ? 1 : UNDIRECTED_EXTRA_WEIGHT);
    invented.push({ text: `${label(a)} ${d.fwd ? '→' : '—'} ${label(b)}`, weight });
  }
  const inventedMass = invented.reduce((s, x) => s + x.weight, 0);
  const presence = refEdges.length === 0 ? 1 / (1 + inventedMass) : present / (mass + inventedMass);
  // Direction is credited in proportion to how much of what the slide draws is the figure's: a
  // slide that joins everything to everything both ways cannot claim half the direction part.
  const precision = present + inventedMass === 0 ? 1 : present / (present + inventedMass);
  const direction = directedMass === 0 ? null : (directedCredit / directedMass) * precision;
  // (directedMass excludes reciprocal pairs; a figure of only reciprocal arrows scores presence.)
  const score =
    direction === null
      ? presence
      : (1 - DIRECTION_WEIGHT) * presence + DIRECTION_WEIGHT * direction;
  return {
    score,
    evidence: {
      score,
      presence,
      direction,
      precision:
        present + inventedMass === 0 ? (mass === 0 ? 1 : 0) : present / (present + inventedMass),
      recall: mass === 0 ? 1 : present / mass,
      matched: cap(matched),
      reversed: cap(reversed),
      undirected: cap(undirected),
      missing: cap(missing),
      extra: cap(invented.filter((x) => x.text !== '').map((x) => x.text)),
      loose,
      counts: {
        matched: matched.length,
        reversed: reversed.length,
        undirected: undirected.length,
        missing: missing.length,
        extra: invented.filter((x) => x.text !== '').length,
      },
    },
  };
}

/** Evidence lists are cut so one record stays small enough for a PR comment. */
export function cap<T>(list: T[], max = 40): T[] {
  return list.length > max ? list.slice(0, max) : list;
}
