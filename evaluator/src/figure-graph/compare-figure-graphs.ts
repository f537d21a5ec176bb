import { labelSimilarity } from '../judge/metric/label-similarity.ts';
import type { FigureGraph } from '../schemas/figure-graph.schema.ts';

type Bbox = [number, number, number, number];

/** How well an extracted graph recovers a reference graph (hand or generated truth). */
export interface GraphComparison {
  /** Reference nodes with text, and how many were found with the same text (similarity ≥ 0.8). */
  labels: { total: number; found: number; recall: number };
  /** Reference modules, and how many were found as modules over the same box (IoU ≥ 0.5). */
  modules: { total: number; found: number; recall: number; extracted: number; precision: number };
  /**
   * Relations: an extracted edge is right when the reference has it between the matched nodes
   * with the same direction (directed from→to, or undirected either way); a reversed edge is
   * wrong and counted in `reversed`.
   */
  relations: {
    total: number;
    extracted: number;
    correct: number;
    /** Wrong readings: the reverse of a reference edge … */
    reversed: number;
    /** … undirected where the reference is directed (an arrowhead missed) … */
    missedHead: number;
    /** … directed where the reference is undirected (an arrowhead invented) … */
    inventedHead: number;
    /** … between two matched nodes with no reference edge at all, or from an unmatched node. */
    spurious: number;
    /** Reference edges missed because one of their nodes was not found. */
    missedNodes: number;
    precision: number;
    recall: number;
    f1: number;
  };
  /** Reference groups found over the same box (IoU ≥ 0.5). */
  groups: { total: number; found: number; recall: number };
  /** Each extracted element with its confidence and whether it was right (for calibration). */
  elements: { kind: 'node' | 'edge'; confidence: number; correct: boolean }[];
}

function iou(a: Bbox, b: Bbox): number {
  const w = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const o = w * h;
  return o / (a[2] * a[3] + b[2] * b[3] - o);
}

/** True when the centre of `b` lies in `a` grown by a quarter of its size (or vice versa). */
function near(a: Bbox, b: Bbox): boolean {
  const inside = (r: Bbox, p: [number, number]) =>
    p[0] >= r[0] - r[2] / 4 &&
    p[0] <= r[0] + (5 * r[2]) / 4 &&
    p[1] >= r[1] - r[3] / 4 &&
    p[1] <= r[1] + (5 * r[3]) / 4;
  const c = (r: Bbox): [number, number] => [r[0] + r[2] / 2, r[1] + r[3] / 2];
  return inside(a, c(b)) || inside(b, c(a));
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

/**
 * Compares an extracted figure graph with a reference (matching by label text and position):
 * nodes pair up one to one, most alike first (text similarity + box overlap, among pairs whose
 * boxes are near each other); then labels, modules, relations and groups are counted through
 * that pairing. Deterministic.
 */
export function compareFigureGraphs(
  reference: FigureGraph,
  extracted: FigureGraph,
): GraphComparison {
  const pairs: { r: number; e: number; score: number; text: number; iou: number }[] = [];
  reference.nodes.forEach((rn, r) => {
    extracted.nodes.forEach((en, e) => {
      if (!near(rn.bbox, en.bbox)) return;
      const text = rn.text && en.text ? labelSimilarity(rn.text, en.text) : 0;
      const overlap = iou(rn.bbox, en.bbox);
      if (text < 0.5 && overlap < 0.3) return;
      pairs.push({ r, e, score: text + overlap, text, iou: overlap });
    });
  });
  pairs.sort((a, b) => b.score - a.score || a.r - b.r || a.e - b.e);
  const refOf = new Map<number, (typeof pairs)[number]>();
  const extOf = new Map<number, (typeof pairs)[number]>();
  for (const p of pairs) {
    if (refOf.has(p.r) || extOf.has(p.e)) continue;
    refOf.set(p.r, p);
    extOf.set(p.e, p);
  }
  const withText = reference.nodes.filter((n) => n.text.trim() !== '');
  const labelsFound = reference.nodes.filter(
    (n, r) => n.text.trim() !== '' && (refOf.get(r)?.text ?? 0) >= 0.8,
  ).length;
  const refModules = reference.nodes.filter((n) => n.kind === 'module');
  const moduleFound = (r: number) => {
    const p = refOf.get(r);
    return p !== undefined && p.iou >= 0.5 && extracted.nodes[p.e]!.kind === 'module';
  };
  const modulesFound = reference.nodes.filter(
    (n, r) => n.kind === 'module' && moduleFound(r),
  ).length;
  const extractedModules = extracted.nodes.filter((n) => n.kind === 'module');
  const modulesRight = extracted.nodes.filter((n, e) => {
    const p = extOf.get(e);
    return (
      n.kind === 'module' &&
      p !== undefined &&
      p.iou >= 0.5 &&
      reference.nodes[p.r]!.kind === 'module'
    );
  }).length;

  // Relations through the node pairing.
  const refIndex = new Map(reference.nodes.map((n, i) => [n.id, i]));
  const extIndex = new Map(extracted.nodes.map((n, i) => [n.id, i]));
  const key = (a: number, b: number, directed: boolean) =>
    directed ? `${a}>${b}` : `${Math.min(a, b)}-${Math.max(a, b)}`;
  const refEdges = new Set<string>();
  for (const e of reference.edges) {
    const a = refIndex.get(e.from);
    const b = refIndex.get(e.to);
    if (a === undefined || b === undefined || a === b) continue;
    refEdges.add(key(a, b, e.directed));
  }
  const hit = new Set<string>();
  let correct = 0;
  let reversed = 0;
  let missedHead = 0;
  let inventedHead = 0;
  let spurious = 0;
  const anyRef = new Set<string>();
  for (const e of reference.edges) {
    const a = refIndex.get(e.from);
    const b = refIndex.get(e.to);
    if (a !== undefined && b !== undefined) anyRef.add(key(a, b, false));
  }
  const elements: GraphComparison['elements'] = [];
  const seen = new Set<string>();
  for (const e of extracted.edges) {
    const ea = extIndex.get(e.from);
    const eb = extIndex.get(e.to);
    const a = ea === undefined ? undefined : extOf.get(ea)?.r;
    const b = eb === undefined ? undefined : extOf.get(eb)?.r;
    const k = a === undefined || b === undefined ? null : key(a, b, e.directed);
    if (k !== null && seen.has(k)) continue; // a duplicate reading of one relation
    if (k !== null) seen.add(k);
    const right = k !== null && refEdges.has(k);
    if (right) {
      correct++;
      hit.add(k!);
    } else if (a !== undefined && b !== undefined && e.directed && refEdges.has(key(b, a, true)))
      reversed++;
    else if (a !== undefined && b !== undefined && anyRef.has(key(a, b, false))) {
      if (e.directed) inventedHead++;
      else missedHead++;
    } else spurious++;
    elements.push({ kind: 'edge', confidence: e.confidence, correct: right });
  }
  const extractedEdges =
    seen.size +
    extracted.edges.filter((e) => {
      const ea = extIndex.get(e.from);
      const eb = extIndex.get(e.to);
      return ea === undefined || eb === undefined || !extOf.has(ea) || !extOf.has(eb);
    }).length;
  extracted.nodes.forEach((n, e) => {
    const p = extOf.get(e);
    const right =
      p !== undefined &&
      (n.text.trim() === '' ? p.iou >= 0.5 : p.text >= 0.8) &&
      (n.kind === 'label' || p.iou >= 0.5);
    elements.push({ kind: 'node', confidence: n.confidence, correct: right });
  });
  const matchedRef = new Set(refOf.keys());
  const missedNodes = reference.edges.filter((e) => {
    const a = refIndex.get(e.from);
    const b = refIndex.get(e.to);
    return (
      a !== undefined && b !== undefined && a !== b && (!matchedRef.has(a) || !matchedRef.has(b))
    );
  }).length;
  const precision = ratio(correct, extractedEdges);
  const recall = ratio(hit.size, refEdges.size);
  const groupsFound = reference.groups.filter((g) =>
    extracted.groups.some((x) => iou(g.bbox, x.bbox) >= 0.5),
  ).length;
  return {
    labels: {
      total: withText.length,
      found: labelsFound,
      recall: ratio(labelsFound, withText.length),
    },
    modules: {
      total: refModules.length,
      found: modulesFound,
      recall: ratio(modulesFound, refModules.length),
      extracted: extractedModules.length,
      precision: ratio(modulesRight, extractedModules.length),
    },
    relations: {
      total: refEdges.size,
      extracted: extractedEdges,
      correct,
      reversed,
      missedHead,
      inventedHead,
      spurious,
      missedNodes,
      precision,
      recall,
      f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    },
    groups: {
      total: reference.groups.length,
      found: groupsFound,
      recall: ratio(groupsFound, reference.groups.length),
    },
    elements,
  };
}
