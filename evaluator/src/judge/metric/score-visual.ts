import { colourAgreement } from '../../image/colour-agreement.ts';
import type { RgbImage } from '../../image/decode-image.ts';
import { structuralSimilarity } from '../../image/structural-similarity.ts';

export interface VisualEvidence {
  /** Content-weighted SSIM of render vs source on luminance. */
  ssim: number;
  /** Block colour agreement (CIELAB) over non-white blocks. */
  colour: number;
  meanDeltaE: number;
  size: { width: number; height: number };
}

export interface VisualScore {
  fraction: number;
  evidence: VisualEvidence;
}

/**
 * V: visual detail, render vs source at a common size (the source fitted into the slide's
 * frame, as in layout). 0.6 · structural similarity + 0.4 · colour agreement.
 */
export function scoreVisual(source: RgbImage, render: RgbImage): VisualScore {
  const ssim = structuralSimilarity(source, render);
  const colour = colourAgreement(source, render);
  return {
    fraction: 0.6 * ssim.score + 0.4 * colour.score,
    evidence: {
      ssim: ssim.score,
      colour: colour.score,
      meanDeltaE: colour.meanDeltaE,
      size: { width: source.width, height: source.height },
    },
  };
}
