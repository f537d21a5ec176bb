import type { RgbImage } from './decode-image.ts';
import { luminance } from './decode-image.ts';

export interface SsimResult {
  /** Content-weighted mean SSIM in [0, 1] (negative window values count as 0). */
  score: number;
  /** Windows that carried structure in either image (the ones that counted). */
  windows: number;
}

/**
 * Structural similarity of two equally sized images on luminance, over 8×8 windows with
 * stride 4. Each window is weighted by the larger standard deviation of the two, so flat
 * background (identical white in a blank slide and in the figure) carries no weight: a blank
 * slide does not look "similar" to a figure just because both are mostly white.
 */
export function structuralSimilarity(a: RgbImage, b: RgbImage, window = 8, stride = 4): SsimResult {
  if (a.width !== b.width || a.height !== b.height)
    throw new RangeError('structuralSimilarity: images differ in size');
  const W = a.width;
  const H = a.height;
  const ya = luminance(a);
  const yb = luminance(b);
  const C1 = (0.01 * 255) ** 2;
  const C2 = (0.03 * 255) ** 2;
  const n = window * window;
  let weighted = 0;
  let weights = 0;
  let windows = 0;
  for (let y0 = 0; y0 + window <= H; y0 += stride) {
    for (let x0 = 0; x0 + window <= W; x0 += stride) {
      let sa = 0,
        sb = 0,
        saa = 0,
        sbb = 0,
        sab = 0;
      for (let y = y0; y < y0 + window; y++) {
        const row = y * W;
        for (let x = x0; x < x0 + window; x++) {
          const va = ya[row + x]!;
          const vb = yb[row + x]!;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const ma = sa / n;
      const mb = sb / n;
      const va = Math.max(0, saa / n - ma * ma);
      const vb = Math.max(0, sbb / n - mb * mb);
      const cov = sab / n - ma * mb;
      const weight = Math.sqrt(Math.max(va, vb));
      if (weight < 2) continue; // flat in both: no structure to compare
      const ssim =
        ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      weighted += weight * Math.max(0, ssim);
      weights += weight;
      windows += 1;
    }
  }
  return { score: weights === 0 ? 1 : weighted / weights, windows };
}
