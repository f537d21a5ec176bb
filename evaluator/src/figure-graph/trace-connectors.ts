import type { Connector, Segment, Vec } from './figure-elements.ts';

/** One end of a segment: which segment, which end (0 = a, 1 = b). */
interface End {
  seg: number;
  end: 0 | 1;
}

const endPoint = (s: Segment, e: 0 | 1): Vec => (e === 0 ? s.a : s.b);

/**
 * Joins straight pieces into connectors: two ends that meet (within `1.5 × line width + 2` px),
 * two pieces whose lines cross right next to both ends (an elbow whose corner the transform
 * trimmed), and an end that lands on the middle of another piece (a fork or a merge). Ends that
 * meet nothing are the connector's terminals, each with the direction the line leaves in.
 * Crossing lines are not joined: a crossing is not a junction.
 */
export function traceConnectors(segments: readonly Segment[], strokeWidth: number): Connector[] {
  const n = segments.length;
  const parent = segments.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const joined = new Uint8Array(2 * n);
  const joinTol = Math.max(3, 1.5 * strokeWidth + 2);
  const cornerTol = Math.max(5, 2 * strokeWidth + 5);
  const sideTol = strokeWidth / 2 + 2.5;
  const dirs = segments.map((s) => {
    const len = Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y) || 1;
    return { x: (s.b.x - s.a.x) / len, y: (s.b.y - s.a.y) / len, len };
  });
  const join = (a: End, b: End) => {
    joined[2 * a.seg + a.end] = 1;
    joined[2 * b.seg + b.end] = 1;
    parent[find(a.seg)] = find(b.seg);
  };
  // Bounding boxes grown by the corner tolerance: a cheap test before the geometry.
  const boxes = segments.map((s) => ({
    x0: Math.min(s.a.x, s.b.x) - cornerTol,
    y0: Math.min(s.a.y, s.b.y) - cornerTol,
    x1: Math.max(s.a.x, s.b.x) + cornerTol,
    y1: Math.max(s.a.y, s.b.y) + cornerTol,
  }));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const A = boxes[i]!;
      const B = boxes[j]!;
      if (A.x1 < B.x0 || B.x1 < A.x0 || A.y1 < B.y0 || B.y1 < A.y0) continue;
      const si = segments[i]!;
      const sj = segments[j]!;
      // Ends that meet.
      for (const ei of [0, 1] as const) {
        for (const ej of [0, 1] as const) {
          const p = endPoint(si, ei);
          const q = endPoint(sj, ej);
          if (Math.hypot(p.x - q.x, p.y - q.y) <= joinTol)
            join({ seg: i, end: ei }, { seg: j, end: ej });
        }
      }
      const di = dirs[i]!;
      const dj = dirs[j]!;
      const cross = di.x * dj.y - di.y * dj.x;
      if (Math.abs(cross) > Math.sin((25 * Math.PI) / 180)) {
        // Elbow: the two lines cross near one end of each.
        const t = ((sj.a.x - si.a.x) * dj.y - (sj.a.y - si.a.y) * dj.x) / cross;
        const X = { x: si.a.x + di.x * t, y: si.a.y + di.y * t };
        for (const ei of [0, 1] as const) {
          const p = endPoint(si, ei);
          if (Math.hypot(p.x - X.x, p.y - X.y) > cornerTol) continue;
          for (const ej of [0, 1] as const) {
            const q = endPoint(sj, ej);
            if (Math.hypot(q.x - X.x, q.y - X.y) <= cornerTol)
              join({ seg: i, end: ei }, { seg: j, end: ej });
          }
        }
      }
      // Forks: an end on the side of the other piece, away from its ends.
      for (const [k, l] of [
        [i, j],
        [j, i],
      ] as const) {
        const sk = segments[k]!;
        const sl = segments[l]!;
        const dl = dirs[l]!;
        for (const ek of [0, 1] as const) {
          const p = endPoint(sk, ek);
          const t = (p.x - sl.a.x) * dl.x + (p.y - sl.a.y) * dl.y;
          if (t < joinTol || t > dl.len - joinTol) continue;
          const off = Math.abs((p.x - sl.a.x) * -dl.y + (p.y - sl.a.y) * dl.x);
          if (off <= sideTol) {
            joined[2 * k + ek] = 1;
            parent[find(k)] = find(l);
          }
        }
      }
    }
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    const g = groups.get(r);
    if (g) g.push(i);
    else groups.set(r, [i]);
  }
  const connectors: Connector[] = [];
  for (const members of groups.values()) {
    const segs = members.map((i) => segments[i]!);
    const terminals = [];
    for (const i of members) {
      for (const e of [0, 1] as const) {
        if (joined[2 * i + e]) continue;
        const d = dirs[i]!;
        const sign = e === 1 ? 1 : -1;
        terminals.push({
          point: endPoint(segments[i]!, e),
          dir: { x: d.x * sign, y: d.y * sign },
          head: false,
          headness: 0,
        });
      }
    }
    const total = segs.reduce((s, g) => s + Math.hypot(g.b.x - g.a.x, g.b.y - g.a.y), 0);
    const dashedLen = segs
      .filter((g) => g.dashed)
      .reduce((s, g) => s + Math.hypot(g.b.x - g.a.x, g.b.y - g.a.y), 0);
    connectors.push({
      segments: segs,
      terminals,
      dashed: dashedLen > total / 2,
      coverage:
        segs.reduce((s, g) => s + g.coverage * Math.hypot(g.b.x - g.a.x, g.b.y - g.a.y), 0) /
        Math.max(1e-9, total),
    });
  }
  return connectors;
}
