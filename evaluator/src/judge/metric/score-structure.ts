import type { NodeMatching } from './match-nodes.ts';
import type { ReferenceFigure } from './reference-figure.ts';
import type { SlideGraph } from './read-slide-graph.ts';

/** Evidence for S: which modules, relations and groups were found, missing, reversed or extra. */
export interface StructureEvidence {
  nodes: {
    score: number;
    matched: number;
    of: number;
    missing: string[];
    extra: string[];
    truncated: boolean;
  };
  /** Null when the reference has no relations to compare with (OCR reference). */
  edges: {
    f1: number;
    precision: number;
    recall: number;
    matched: string[];
    /** Drawn in the opposite direction: counted wrong (a reversed edge changes the method). */
    reversed: string[];
    /** Drawn without a decisive arrowhead: half credit. */
    undirected: string[];
    missing: string[];
    extra: string[];
  } | null;
  groups: { score: number; matched: { group: string; jaccard: number }[] } | null;
  weights: { nodes: number; edges: number; groups: number };
}

export interface StructureScore {
  /** S as a fraction of its maximum. */
  fraction: number;
  evidence: StructureEvidence;
}

/**
 * S: modules, directed relations and hierarchy. Module score = matched labels (Σ credit / reference
 * modules). Relations: the slide's edges are mapped onto reference ids through the module matching
 * and compared as DIRECTED pairs; F1 over them, where a relation drawn the wrong way round is both
 * a false positive and a miss, and an undirected drawing earns half. Groups: for each reference
 * group the best Jaccard overlap with a slide container (group or enclosing shape).
 * Weights: modules .35, relations .5, groups .15 (no reference groups: .4/.6; no reference
 * relations known, as with OCR: modules only).
 */
export function scoreStructure(
  reference: ReferenceFigure,
  graph: SlideGraph,
  matching: NodeMatching,
): StructureScore {
  const refText = new Map(reference.nodes.map((n) => [n.id, n.text] as const));
  const slideToRef = new Map(matching.matches.map((m) => [m.slide, m.ref] as const));
  const slideText = new Map(graph.nodes.map((n) => [n.id, n.text] as const));
  const label = (id: string) => JSON.stringify(refText.get(id) ?? id);
  const slideLabel = (id: string | null) =>
    id === null ? '(nothing)' : JSON.stringify(slideText.get(id) || `shape ${id}`);
  const nodes = {
    score: matching.score,
    matched: matching.matches.length,
    of: reference.nodes.length,
    missing: cap(matching.missing.map(label)),
    extra: cap(matching.extra.map(slideLabel)),
    truncated: matching.truncated,
  };

  let edges: StructureEvidence['edges'] = null;
  let edgeScore = 0;
  if (reference.edges !== null) {
    const truth = new Set(reference.edges.map((e) => `${e.from}\u0000${e.to}`));
    const predicted = new Map<string, { from: string; to: string; directed: boolean }>();
    const unmapped: string[] = [];
    for (const e of graph.edges) {
      if (e.from === null || e.to === null || e.from === e.to) continue;
      const a = slideToRef.get(e.from);
      const b = slideToRef.get(e.to);
      if (a === undefined || b === undefined || a === b) {
        unmapped.push(`${slideLabel(e.from)} ${e.directed ? '→' : '—'} ${slideLabel(e.to)}`);
        continue;
      }
      const key = e.directed ? `${a}\u0000${b}` : `${[a, b].sort().join('\u0000')}\u0000u`;
      if (!predicted.has(key)) predicted.set(key, { from: a, to: b, directed: e.directed });
    }
    let tp = 0;
    const used = new Set<string>();
    const matched: string[] = [];
    const reversed: string[] = [];
    const undirected: string[] = [];
    const missing: string[] = [];
    for (const e of reference.edges) {
      const text = `${label(e.from)} → ${label(e.to)}`;
      const fwd = `${e.from}\u0000${e.to}`;
      const und = `${[e.from, e.to].sort().join('\u0000')}\u0000u`;
      if (predicted.has(fwd) && !used.has(fwd)) {
        tp += 1;
        used.add(fwd);
        matched.push(text);
      } else if (predicted.has(und) && !used.has(und)) {
        tp += 0.5;
        used.add(und);
        undirected.push(text);
      } else {
        const back = `${e.to}\u0000${e.from}`;
        // Reported as reversed only when the truth has no edge that way itself.
        if (predicted.has(back) && !truth.has(back)) reversed.push(text);
        missing.push(text);
      }
    }
    const extra = [...predicted.entries()]
      .filter(([k]) => !used.has(k))
      .map(([, e]) => `${label(e.from)} ${e.directed ? '→' : '—'} ${label(e.to)}`);
    const fp = predicted.size - used.size + unmapped.length;
    const fn = reference.edges.length - tp;
    const nPred = predicted.size + unmapped.length;
    const precision = nPred === 0 ? (reference.edges.length === 0 ? 1 : 0) : tp / nPred;
    const recall =
      reference.edges.length === 0 ? (nPred === 0 ? 1 : 0) : tp / reference.edges.length;
    edgeScore =
      reference.edges.length === 0 && nPred === 0
        ? 1
        : 2 * tp + fp + fn === 0
          ? 0
          : (2 * tp) / (2 * tp + fp + fn);
    edges = {
      f1: edgeScore,
      precision,
      recall,
      matched: cap(matched),
      reversed: cap(reversed),
      undirected: cap(undirected),
      missing: cap(missing.filter((m) => !reversed.includes(m))),
      extra: cap([...extra, ...unmapped]),
    };
  }

  let groups: StructureEvidence['groups'] = null;
  let groupScore = 0;
  const refGroups = (reference.groups ?? []).filter((g) => g.members.length > 0);
  if (refGroups.length > 0) {
    const containers = graph.containers.map(
      (c) =>
        new Set(
          c.members.map((m) => slideToRef.get(m)).filter((x): x is string => x !== undefined),
        ),
    );
    const matched = refGroups.map((g) => {
      const want = new Set(g.members);
      let best = 0;
      for (const have of containers) {
        const inter = [...have].filter((m) => want.has(m)).length;
        const union = new Set([...have, ...want]).size;
        best = Math.max(best, union === 0 ? 0 : inter / union);
      }
      return { group: g.text || g.id, jaccard: best };
    });
    groupScore = matched.reduce((s, m) => s + m.jaccard, 0) / matched.length;
    groups = { score: groupScore, matched };
  }

  const weights =
    edges === null
      ? { nodes: 1, edges: 0, groups: 0 }
      : groups === null
        ? { nodes: 0.4, edges: 0.6, groups: 0 }
        : { nodes: 0.35, edges: 0.5, groups: 0.15 };
  const fraction =
    weights.nodes * nodes.score + weights.edges * edgeScore + weights.groups * groupScore;
  return { fraction, evidence: { nodes, edges, groups, weights } };
}

/** Evidence lists are cut so one record stays small enough for a PR comment. */
export function cap<T>(list: T[], max = 40): T[] {
  return list.length > max ? list.slice(0, max) : list;
}
