import { FigboardError } from '../errors/index.ts';
import { sharpInput } from './decode-image.ts';

/** Longest side of an image sent to an LLM judge (larger costs tokens without helping). */
export const MAX_JUDGE_IMAGE_SIDE = 1568;

/**
 * Encodes an image as a PNG data URL for an LLM judge, scaled down to fit `maxSide` (never up)
 * and composited on white. Deterministic: the same file gives the same bytes.
 */
export async function encodeDataUrl(
  input: string | Uint8Array,
  where: string,
  maxSide = MAX_JUDGE_IMAGE_SIDE,
): Promise<string> {
  try {
    const png = await sharpInput(input)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch (err) {
    throw new FigboardError(`image could not be encoded for the judge: ${(err as Error).message}`, {
      code: 'image-unreadable',
      where,
      cause: err,
    });
  }
}
