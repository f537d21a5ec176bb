import { iou } from '../figure-graph/rect-geometry.ts';
import { labelSimilarity } from '../judge/metric/label-similarity.ts';
import type { Truth } from '../schemas/task.schema.ts';

type Bbox = [number, number, number, number];

/** Agreement of one figure's two independent annotations (truth.json A and B). */
export interface AnnotationAgreement {
  /** Modules paired one to one by box overlap (IoU ≥ 0.5, largest first). */
  modules: F1;
  /** Every text of the figure (node texts and group captions) paired by label similarity ≥ 0.8. */
  labels: F1;
  /**
   * Relations through the element pairing (modules, free labels and groups by IoU ≥ 0.5):
   * same ends and the same direction — one-way the same way, double-headed either way,
   * undirected either way; parallel duplicates count once.
   */
  relations: F1;
}

export interface F1 {
  a: number;
  b: number;
  matched: number;
  f1: number;
}

const rect = (b: Bbox) => ({ x: b[0], y: b[1], w: b[2], h: b[3] });
const f1 = (a: number, b: number, matched: number): F1 => ({
  a,
  b,
  matched,
  f1: a + b === 0 ? 1 : (2 * matched) / (a + b),
});

/** Pairs items one to one, best score first (ties by index), keeping pairs at or above `min`. */
function pairUp<T, U>(
  xs: readonly T[],
  ys: readonly U[],
  score: (x: T, y: U) => number,
  min: number,
): Map<number, number> {
  const cand: { i: number; j: number; s: number }[] = [];
  xs.forEach((x, i) => {
    ys.forEach((y, j) => {
      const s = score(x, y);
      if (s >= min) cand.push({ i, j, s });
    });
  });
  cand.sort((p, q) => q.s - p.s || p.i - q.i || p.j - q.j);
  const out = new Map<number, number>();
  const usedJ = new Set<number>();
  for (const c of cand) {
    if (out.has(c.i) || usedJ.has(c.j)) continue;
    out.set(c.i, c.j);
    usedJ.add(c.j);
  }
  return out;
}

/**
 * Module F1, label F1 and directed-relation F1 between two annotations of one figure (the
 * double-annotation table of a suite's TRUTH.md, `bench/truth-agreement.ts`). Symmetric and
 * deterministic.
 */
export function compareAnnotations(a: Truth, b: Truth): AnnotationAgreement {
  const modulesOf = (t: Truth) => t.nodes.filter((n) => (n.kind ?? 'module') === 'module');
  const ma = modulesOf(a);
  const mb = modulesOf(b);
  const modulePairs = pairUp(ma, mb, (x, y) => iou(rect(x.bbox), rect(y.bbox)), 0.5);

  const textsOf = (t: Truth) =>
    [...t.nodes.map((n) => n.text), ...t.groups.map((g) => g.text)].filter((s) => s.trim() !== '');
  const ta = textsOf(a);
  const tb = textsOf(b);
  const textPairs = pairUp(ta, tb, labelSimilarity, 0.8);

  // Elements a relation can end at: nodes and groups, paired by box overlap within their kind.
  type El = { id: string; kind: string; box: Bbox };
  const elementsOf = (t: Truth): El[] => [
    ...t.nodes.map((n) => ({ id: n.id, kind: n.kind ?? 'module', box: n.bbox })),
    ...t.groups.flatMap((g) => (g.bbox ? [{ id: g.id, kind: 'group', box: g.bbox }] : [])),
  ];
  const ea = elementsOf(a);
  const eb = elementsOf(b);
  const elementPairs = pairUp(
    ea,
    eb,
    (x, y) => ((x.kind === 'group') === (y.kind === 'group') ? iou(rect(x.box), rect(y.box)) : 0),
    0.5,
  );
  const toB = new Map<string, string>();
  for (const [i, j] of elementPairs) toB.set(ea[i]!.id, eb[j]!.id);
  const key = (from: string, to: string, e: Truth['edges'][number]) =>
    e.bidirectional || e.directed === false
      ? `${from < to ? from : to}\u0000${from < to ? to : from}\u0000${e.bidirectional ? 'both' : 'none'}`
      : `${from}\u0000${to}\u0000one`;
  const relationsOf = (t: Truth, map: (id: string) => string | undefined) =>
    new Set(
      t.edges.flatMap((e) => {
        const from = map(e.from);
        const to = map(e.to);
        return from === undefined || to === undefined || from === to ? [] : [key(from, to, e)];
      }),
    );
  const ra = relationsOf(a, (id) => toB.get(id) ?? `a:${id}`);
  const rb = relationsOf(b, (id) => id);
  const matched = [...ra].filter((k) => rb.has(k)).length;
  return {
    modules: f1(ma.length, mb.length, modulePairs.size),
    labels: f1(ta.length, tb.length, textPairs.size),
    relations: f1(ra.size, rb.size, matched),
  };
}
