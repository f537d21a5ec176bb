import type { Connection, FigureNode, Segment, Touch, Vec } from './figure-elements.ts';
import type { StrokeMap } from './find-strokes.ts';
import { distanceToRect, inflate } from './rect-geometry.ts';

export interface FindConnectionsOptions {
  /** Largest gap between a line's end and the node it points at (working pixels). */
  tolerance: number;
}

/** Most nodes one connection may touch (a bus); beyond, it is a drawing, not a connector. */
const MAX_TOUCHES = 8;

interface Contact {
  node: number;
  point: Vec;
  gap: number;
}

/**
 * Finds the drawn connections and the nodes each one ends on. A connection is one connected
 * stroke (dashes joined; a straight line, an elbow, a curve, a fork or a merge alike); it touches
 * a node where its ink comes within `tolerance` of the node's box *and ends there*: on a circle
 * around the closest ink pixel, the stroke crosses once (a line passing by a box, or an arrow
 * caption beside a line, crosses twice). The direction at the end is read on the smallest such
 * circle the stroke crosses once, so a short last leg of an elbow still gives its own direction.
 * Blobs (icons, photos, solid shapes) are not connections: their area is far above a stroke's.
 */
export function findConnections(
  map: StrokeMap,
  nodes: readonly FigureNode[],
  options: FindConnectionsOptions,
): Connection[] {
  const { connection: label, connectionStats: stats, width: W, height: H, strokeWidth: w } = map;
  const tol = options.tolerance;
  // 1. Contacts: for each node, the closest pixel of each connection near its box.
  const contacts = new Map<number, Contact[]>();
  nodes.forEach((n, k) => {
    const core = n.kind === 'label' ? inflate(n.rect, 0.3 * n.lineHeight) : n.rect;
    const band = inflate(core, tol);
    const best = new Map<number, Contact>();
    const x0 = Math.max(0, Math.floor(band.x));
    const y0 = Math.max(0, Math.floor(band.y));
    const x1 = Math.min(W, Math.ceil(band.x + band.w));
    const y1 = Math.min(H, Math.ceil(band.y + band.h));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const c = label[y * W + x]!;
        if (c === 0) continue;
        const p = { x, y };
        const gap = distanceToRect(p, core);
        if (gap > tol) continue;
        const prev = best.get(c);
        if (!prev || gap < prev.gap) best.set(c, { node: k, point: p, gap });
      }
    }
    for (const [c, contact] of best) {
      const list = contacts.get(c);
      if (list) list.push(contact);
      else contacts.set(c, [contact]);
    }
  });
  // 2. Per connection: keep the contacts that are ends of the stroke.
  const out: Connection[] = [];
  for (const c of [...contacts.keys()].sort((a, b) => a - b)) {
    const list = contacts.get(c)!;
    if (list.length < 2 || list.length > 3 * MAX_TOUCHES) continue;
    const bw = stats[5 * c + 2]!;
    const bh = stats[5 * c + 3]!;
    const area = stats[5 * c + 4]!;
    if (area > 3 * w * (bw + bh) + 80 * w * w) continue;
    // The figure's usual line width can be set by thick arrows or bands elsewhere; a short thin
    // arrow between two stacked boxes is read with its own width, and circles no wider than
    // the stroke itself, or the circles all miss it and its ends are never read.
    const lw = Math.max(1, Math.min(w, Math.round(area / Math.max(1, bw + bh))));
    const reach = Math.min(Math.max(14, 8 * lw + 10), Math.max(14, 0.9 * Math.max(bw, bh)));
    const touches: Touch[] = [];
    for (const contact of list) {
      const rough = endDirection(label, W, H, c, contact.point, reach, lw);
      if (!rough) continue;
      const dir = segmentDirection(map.segments, contact.point, rough, reach) ?? rough;
      touches.push({
        node: contact.node,
        point: contact.point,
        dir,
        gap: contact.gap,
        head: false,
        headness: 0,
      });
    }
    if (touches.length < 2 || touches.length > MAX_TOUCHES) continue;
    // Straight pieces on this connection tell whether it is dashed and how solid it is.
    let len = 0;
    let dashedLen = 0;
    let covered = 0;
    for (const s of map.segments) {
      const mx = Math.round((s.a.x + s.b.x) / 2);
      const my = Math.round((s.a.y + s.b.y) / 2);
      if (mx < 0 || my < 0 || mx >= W || my >= H || label[my * W + mx] !== c) continue;
      const l = Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);
      len += l;
      covered += l * s.coverage;
      if (s.dashed) dashedLen += l;
    }
    out.push({
      touches: touches.sort((a, b) => a.node - b.node),
      dashed: len > 0 && dashedLen > len / 2,
      coverage: len > 0 ? covered / len : 1,
      width: lw,
    });
  }
  return out;
}

/**
 * The direction along which a stroke arrives at `p` (a unit vector pointing at `p`), or null
 * when `p` is not an end: circles of shrinking radius around `p` must each be crossed by the
 * stroke exactly once (where a circle is crossed three times, an open arrowhead's wings are
 * inside it: that radius is skipped); the smallest such circle gives the direction.
 */
function endDirection(
  label: Int32Array,
  W: number,
  H: number,
  c: number,
  p: Vec,
  reach: number,
  w: number,
): Vec | null {
  let dir: Vec | null = null;
  let sawTwo = false;
  let crossed = false;
  for (const r of [reach, 0.75 * reach, 0.5 * reach, 0.35 * reach]) {
    if (r < 2 * w + 2) break;
    const arcs = circleArcs(label, W, H, c, p, r);
    if (arcs.length === 0) continue;
    crossed = true;
    if (arcs.length === 2) sawTwo = true;
    if (arcs.length !== 1) continue;
    const a = arcs[0]!;
    const len = Math.hypot(p.x - a.x, p.y - a.y) || 1;
    dir = { x: (p.x - a.x) / len, y: (p.y - a.y) / len };
  }
  // A line running past the node crosses the outer circles twice.
  if (sawTwo && !dir) return null;
  if (!crossed) return null;
  return dir;
}

/**
 * The direction of the straight piece that ends near `p` and runs roughly along `rough`
 * (within 35°), oriented like `rough`: more exact than a circle crossing for a straight last leg.
 */
function segmentDirection(
  segments: readonly Segment[],
  p: Vec,
  rough: Vec,
  reach: number,
): Vec | null {
  let best: { d: number; dir: Vec } | null = null;
  const cos35 = Math.cos((35 * Math.PI) / 180);
  for (const s of segments) {
    for (const [end, other] of [
      [s.a, s.b],
      [s.b, s.a],
    ] as const) {
      const d = Math.hypot(end.x - p.x, end.y - p.y);
      if (d > reach) continue;
      const len = Math.hypot(end.x - other.x, end.y - other.y);
      if (len < 4) continue;
      const dir = { x: (end.x - other.x) / len, y: (end.y - other.y) / len };
      if (dir.x * rough.x + dir.y * rough.y < cos35) continue;
      if (!best || d < best.d) best = { d, dir };
    }
  }
  return best ? best.dir : null;
}

/** Midpoints of the runs of the connection's pixels met walking once round a circle. */
function circleArcs(label: Int32Array, W: number, H: number, c: number, p: Vec, r: number): Vec[] {
  const n = Math.max(16, Math.ceil(2 * Math.PI * r));
  const on = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const x = Math.round(p.x + r * Math.cos(a));
    const y = Math.round(p.y + r * Math.sin(a));
    on[i] = x >= 0 && y >= 0 && x < W && y < H && label[y * W + x] === c ? 1 : 0;
  }
  // Start the walk on an empty sample so no run is split across the wrap-around.
  const start = on.indexOf(0);
  if (start < 0) return [];
  const arcs: Vec[] = [];
  let runStart = -1;
  for (let k = 1; k <= n; k++) {
    const i = (start + k) % n;
    if (on[i] && runStart < 0) runStart = k;
    if ((!on[i] || k === n) && runStart >= 0) {
      const end = on[i] ? k : k - 1;
      const mid = (start + (runStart + end) / 2) % n;
      const a = (2 * Math.PI * mid) / n;
      arcs.push({ x: p.x + r * Math.cos(a), y: p.y + r * Math.sin(a) });
      runStart = -1;
    }
  }
  return arcs;
}
