/**
 * A 2-D affine map x' = a·x + c·y + e, y' = b·x + d·y + f. Group and shape transforms of
 * DrawingML compose into one of these, so a point inside nested groups lands in slide space.
 */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

/** The map that changes nothing (the slide's own space). */
export const IDENTITY: Affine = Object.freeze({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });

/** `outer ∘ inner`: apply `inner` first, then `outer`. */
export function compose(outer: Affine, inner: Affine): Affine {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    e: outer.a * inner.e + outer.c * inner.f + outer.e,
    f: outer.b * inner.e + outer.d * inner.f + outer.f,
  };
}

/** The image of the point (x, y) under `m`. */
export function apply(m: Affine, x: number, y: number): { x: number; y: number } {
  return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
}

/**
 * The map DrawingML applies to a frame's contents: flip, then rotate clockwise by `rotDeg`,
 * both about the frame's centre (cx, cy). Flips come first, as in the spec.
 */
export function flipRotateAbout(
  cx: number,
  cy: number,
  rotDeg: number,
  flipH: boolean,
  flipV: boolean,
): Affine {
  if (rotDeg === 0 && !flipH && !flipV) return IDENTITY;
  const t = (rotDeg * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const sx = flipH ? -1 : 1;
  const sy = flipV ? -1 : 1;
  // R·F with y pointing down: clockwise rotation on screen.
  const a = cos * sx;
  const b = sin * sx;
  const c = -sin * sy;
  const d = cos * sy;
  return { a, b, c, d, e: cx - a * cx - c * cy, f: cy - b * cx - d * cy };
}

/**
 * The child-to-parent map of a group: `chOff/chExt` (child space) onto `off/ext` (parent space),
 * then the group's own flip and rotation about its frame centre. A zero `chExt` means no scaling.
 */
export function groupTransform(
  off: { x: number; y: number },
  ext: { cx: number; cy: number },
  chOff: { x: number; y: number },
  chExt: { cx: number; cy: number },
  rotDeg: number,
  flipH: boolean,
  flipV: boolean,
): Affine {
  const sx = chExt.cx !== 0 ? ext.cx / chExt.cx : 1;
  const sy = chExt.cy !== 0 ? ext.cy / chExt.cy : 1;
  const scale: Affine = {
    a: sx,
    b: 0,
    c: 0,
    d: sy,
    e: off.x - chOff.x * sx,
    f: off.y - chOff.y * sy,
  };
  return compose(
    flipRotateAbout(off.x + ext.cx / 2, off.y + ext.cy / 2, rotDeg, flipH, flipV),
    scale,
  );
}

/** Rotation (degrees clockwise, 0–360) and mirror parity the map applies to shapes inside it. */
export function rotationOf(m: Affine): { rotDeg: number; mirrored: boolean } {
  const mirrored = m.a * m.d - m.b * m.c < 0;
  // With a mirror, read the rotation from the x axis of the un-mirrored map (mirror taken as flipH).
  const deg = (Math.atan2(m.b, m.a) * 180) / Math.PI;
  const rot = mirrored ? (Math.atan2(-m.b, -m.a) * 180) / Math.PI : deg;
  return { rotDeg: normaliseDeg(rot), mirrored };
}

/** An angle in degrees brought into [0, 360) and rounded to 1/1000°, so records do not carry float noise. */
export function normaliseDeg(deg: number): number {
  const r = ((deg % 360) + 360) % 360;
  const rounded = Math.round(r * 1000) / 1000;
  return rounded === 360 ? 0 : rounded;
}
