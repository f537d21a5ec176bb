import type { Point } from '../../schemas/common.schema.ts';

/** Per-axis scale and offset taking the source figure's frame onto the slide's layout. */
export interface Alignment {
  sx: number;
  sy: number;
  dx: number;
  dy: number;
}

export const IDENTITY_ALIGNMENT: Alignment = Object.freeze({ sx: 1, sy: 1, dx: 0, dy: 0 });

/** Scales beyond these are a different layout, not the same one drawn larger or smaller. */
const MIN_SCALE = 0.75;
const MAX_SCALE = 1 / MIN_SCALE;
/** Largest shift (slide widths) explained away as "the same layout, placed elsewhere". */
const MAX_SHIFT = 0.15;
/** Fewer anchors than this fit nothing (two points always fit). */
const MIN_ANCHORS = 3;
/** An axis along which the anchors spread less than this (slide widths) keeps scale 1. */
const MIN_SPREAD = 0.02;

/**
 * The weighted least-squares scale and offset, per axis, that best take reference centres
 * (the source fitted into the slide) onto where the slide draws the same labels — so a
 * reconstruction laid out a little larger, smaller or off-centre is judged on its relative
 * geometry. Scale is clamped to [0.75, 1.33] and the shift to ±0.15 slide widths, and a fit that
 * leaves its anchors more than 0.05 slide widths off on average is not used (scattered labels are
 * not fitted into place); fewer than three anchors give the identity.
 */
export function fitAlignment(anchors: readonly { r: Point; s: Point; w: number }[]): Alignment {
  const used = anchors.filter((a) => a.w > 0);
  if (used.length < MIN_ANCHORS) return IDENTITY_ALIGNMENT;
  const axis = (get: (p: Point) => number) => {
    const W = used.reduce((t, a) => t + a.w, 0);
    const mr = used.reduce((t, a) => t + a.w * get(a.r), 0) / W;
    const ms = used.reduce((t, a) => t + a.w * get(a.s), 0) / W;
    const vr = used.reduce((t, a) => t + a.w * (get(a.r) - mr) ** 2, 0) / W;
    const cov = used.reduce((t, a) => t + a.w * (get(a.r) - mr) * (get(a.s) - ms), 0) / W;
    const scale =
      Math.sqrt(vr) < MIN_SPREAD ? 1 : Math.min(MAX_SCALE, Math.max(MIN_SCALE, cov / vr));
    const shift = Math.min(MAX_SHIFT, Math.max(-MAX_SHIFT, ms - scale * mr));
    return { scale, shift };
  };
  const x = axis((p) => p.x);
  const y = axis((p) => p.y);
  const fitted = { sx: x.scale, sy: y.scale, dx: x.shift, dy: y.shift };
  // "The same layout drawn elsewhere" fits its anchors closely; labels at random places do not,
  // and a loose fit would only pull a few of them into place by chance: keep the identity then.
  const residual = (a: Alignment) => {
    const W = used.reduce((t, u) => t + u.w, 0);
    return (
      used.reduce((t, u) => {
        const p = applyAlignment(a, u.r);
        return t + u.w * Math.hypot(p.x - u.s.x, p.y - u.s.y);
      }, 0) / W
    );
  };
  return residual(fitted) <= MAX_FITTED_RESIDUAL ? fitted : IDENTITY_ALIGNMENT;
}

/** Mean anchor distance (slide widths) a fitted alignment may leave; a looser fit is not the same layout. */
const MAX_FITTED_RESIDUAL = 0.05;

/** Where the alignment puts a reference point on the slide. */
export function applyAlignment(a: Alignment, p: Point): Point {
  return { x: a.sx * p.x + a.dx, y: a.sy * p.y + a.dy };
}
