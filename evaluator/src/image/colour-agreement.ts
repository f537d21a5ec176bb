import type { RgbImage } from './decode-image.ts';

export interface ColourAgreement {
  /** Mean per-block agreement in [0, 1] over blocks with content in either image. */
  score: number;
  /** Blocks that had content (non-white) in either image. */
  blocks: number;
  /** Mean CIE76 ΔE over those blocks. */
  meanDeltaE: number;
}

/**
 * Compares the colours of two equally sized images block by block (mean colour of each
 * `block`×`block` cell in CIELAB). Blocks white in both are skipped; each other block scores
 * 1 − ΔE/`tolerance` (floored at 0), so wrong fills, missing coloured boxes and colour noise
 * all cost while anti-aliasing differences barely do.
 */
export function colourAgreement(
  a: RgbImage,
  b: RgbImage,
  block = 8,
  tolerance = 25,
): ColourAgreement {
  if (a.width !== b.width || a.height !== b.height)
    throw new RangeError('colourAgreement: images differ in size');
  const W = a.width;
  const H = a.height;
  let total = 0;
  let blocks = 0;
  let deltaSum = 0;
  for (let y0 = 0; y0 < H; y0 += block) {
    for (let x0 = 0; x0 < W; x0 += block) {
      const ma = meanRgb(a, x0, y0, block);
      const mb = meanRgb(b, x0, y0, block);
      const whiteA = Math.min(ma[0], ma[1], ma[2]) >= 250;
      const whiteB = Math.min(mb[0], mb[1], mb[2]) >= 250;
      if (whiteA && whiteB) continue;
      const la = rgbToLab(ma);
      const lb = rgbToLab(mb);
      const dE = Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
      deltaSum += dE;
      total += Math.max(0, 1 - dE / tolerance);
      blocks += 1;
    }
  }
  return {
    score: blocks === 0 ? 1 : total / blocks,
    blocks,
    meanDeltaE: blocks === 0 ? 0 : deltaSum / blocks,
  };
}

function meanRgb(img: RgbImage, x0: number, y0: number, block: number): [number, number, number] {
  let r = 0,
    g = 0,
    b = 0,
    n = 0;
  const x1 = Math.min(img.width, x0 + block);
  const y1 = Math.min(img.height, y0 + block);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = (y * img.width + x) * 3;
      r += img.data[p]!;
      g += img.data[p + 1]!;
      b += img.data[p + 2]!;
      n++;
    }
  }
  return [r / n, g / n, b / n];
}

/** sRGB (0–255) → CIELAB (D65). */
export function rgbToLab([r, g, b]: readonly [number, number, number]): [number, number, number] {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const R = lin(r),
    G = lin(g),
    B = lin(b);
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const Y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const fx = f(X),
    fy = f(Y),
    fz = f(Z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}
