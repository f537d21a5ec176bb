import { decodeImage, imageSize, MAX_IMAGE_PIXELS, type RgbImage } from '../image/decode-image.ts';

/** Largest area (pixels) the extractor analyses; bigger figures are scaled down to it. */
export const MAX_WORKING_PIXELS = 3_000_000;

/** A figure decoded at a bounded working resolution. */
export interface WorkingImage {
  /** Source size in pixels (EXIF orientation applied). */
  sourceWidth: number;
  sourceHeight: number;
  /** The decoded raster, the source scaled down to at most `maxPixels` (never up). */
  image: RgbImage;
  /** Working pixels per source pixel along x and y (≤ 1; equal up to rounding). */
  scaleX: number;
  scaleY: number;
}

/**
 * Decodes a figure for extraction: RGB on white, scaled down so its area is at most
 * `maxPixels` (time and memory stay bounded however large the figure; coordinates are mapped
 * back with `scaleX`/`scaleY`). Returns null, without decoding, when the source is above the project's
 * decode limit (`MAX_IMAGE_PIXELS`).
 */
export async function loadWorkingImage(
  input: string | Uint8Array,
  where: string,
  maxPixels = MAX_WORKING_PIXELS,
): Promise<WorkingImage | null> {
  // the header alone, whatever it claims: a source over the decode limit is answered, not refused
  const { width, height } = await imageSize(input, where, 0);
  if (width * height > MAX_IMAGE_PIXELS) return null;
  const scale = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const image = await decodeImage(
    input,
    where,
    scale < 1 ? { width: w, height: h, fit: 'fill' } : undefined,
  );
  return {
    sourceWidth: width,
    sourceHeight: height,
    image,
    scaleX: image.width / width,
    scaleY: image.height / height,
  };
}
