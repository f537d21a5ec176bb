import type { Connection, Vec } from './figure-elements.ts';

/** A relation between two nodes (indexes into the node list), in working pixels. */
export interface Relation {
  from: number;
  to: number;
  directed: boolean;
  confidence: number;
  dashed: boolean;
  start: Vec;
  end: Vec;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * Reads relations from connections whose ends carry their arrowhead readings: from each end
 * without a head to each end with one (a fork or a merge gives one relation per pair), both
 * ways between two heads, undirected between ends when there is no head at all. The
 * confidence multiplies how solid the line is, how close each end sits to its node, and how
 * clear the head evidence is for that reading (a head at the arrow's end, none at its start);
 * a connection with more than two ends is less sure of its pairing. Self-loops are dropped.
 */
export function readRelations(connections: readonly Connection[], tolerance: number): Relation[] {
  const out: Relation[] = [];
  for (const c of connections) {
    const ends = c.touches;
    const line = c.dashed ? 0.9 : clamp01(0.4 + 0.6 * c.coverage);
    const many = ends.length > 2 ? 0.8 : 1;
    const snap = (gap: number) => 1 - (0.5 * gap) / Math.max(1, tolerance);
    const push = (a: (typeof ends)[number], b: (typeof ends)[number], directed: boolean) => {
      if (a.node === b.node) return;
      const ha = a.headness;
      const hb = b.headness;
      const evidence = directed ? hb * (a.head ? ha : 1 - ha) : (1 - ha) * (1 - hb);
      out.push({
        from: a.node,
        to: b.node,
        directed,
        confidence: clamp01(line * many * snap(a.gap) * snap(b.gap) * (0.3 + 0.7 * evidence)),
        dashed: c.dashed,
        start: a.point,
        end: b.point,
      });
    };
    const heads = ends.filter((e) => e.head);
    const tails = ends.filter((e) => !e.head);
    if (heads.length > 0 && tails.length > 0) {
      for (const a of tails) for (const b of heads) push(a, b, true);
    } else if (heads.length >= 2) {
      for (const a of heads) for (const b of heads) if (a !== b) push(a, b, true);
    } else {
      for (let i = 0; i < ends.length; i++)
        for (let j = i + 1; j < ends.length; j++) push(ends[i]!, ends[j]!, false);
    }
  }
  return out;
}
