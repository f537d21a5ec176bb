import sharp, { type Sharp } from 'sharp';
import { FigboardError } from '../errors/index.ts';

/** An 8-bit RGB raster, row-major, 3 bytes per pixel, composited on white. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Largest decoded area accepted (pixels); bigger images are refused before decoding. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Options shared by every sharp pipeline here: bounded area, no surprises from metadata. */
export function sharpInput(input: string | Uint8Array, maxPixels = MAX_IMAGE_PIXELS): Sharp {
  return sharp(input instanceof Uint8Array ? Buffer.from(input) : input, {
    limitInputPixels: maxPixels,
    failOn: 'error',
    sequentialRead: true,
  });
}

/**
 * Decodes a PNG/JPEG file or buffer into RGB on a white background (transparent figures are
 * meant to be seen on white), optionally resized to `width`×`height` (`fit` as in sharp).
 * Images above `MAX_IMAGE_PIXELS` are refused with `image-too-large`.
 */
export async function decodeImage(
  input: string | Uint8Array,
  where: string,
  resize?: { width: number; height: number; fit: 'fill' | 'contain' },
): Promise<RgbImage> {
  try {
    let pipeline = sharpInput(input).rotate().flatten({ background: '#ffffff' });
    if (resize) {
      pipeline = pipeline.resize(resize.width, resize.height, {
        fit: resize.fit,
        background: '#ffffff',
        kernel: 'lanczos3',
      });
    }
    const { data, info } = await pipeline
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) {
      throw new FigboardError(`decoded image has ${info.channels} channels`, {
        code: 'image-unreadable',
        where,
        expected: '3 (RGB)',
      });
    }
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch (err) {
    if (err instanceof FigboardError) throw err;
    const message = (err as Error).message ?? String(err);
    const tooLarge = /pixel limit/i.test(message);
    throw new FigboardError(
      tooLarge ? 'image is too large to decode' : `image could not be decoded: ${message}`,
      {
        code: tooLarge ? 'image-too-large' : 'image-unreadable',
        where,
        expected: tooLarge ? `at most ${MAX_IMAGE_PIXELS} pixels` : 'a PNG or JPEG image',
        cause: err,
      },
    );
  }
}

/**
 * Reads only the header: width and height (EXIF orientation applied), refusing undecodable input
 * and, by default, a header over the decode limit. `maxPixels` 0 answers any size (nothing is
 * decoded), so a caller can treat an oversized figure as empty instead of failing.
 */
export async function imageSize(
  input: string | Uint8Array,
  where: string,
  maxPixels = MAX_IMAGE_PIXELS,
): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharpInput(input, maxPixels).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions in header');
    // EXIF orientations 5–8 swap the axes once `rotate()` applies them.
    const swap = (meta.orientation ?? 1) >= 5;
    return swap
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  } catch (err) {
    throw new FigboardError(`image header could not be read: ${(err as Error).message}`, {
      code: 'image-unreadable',
      where,
      expected: 'a PNG or JPEG image',
      cause: err,
    });
  }
}

/** Luminance (Rec. 601) of each pixel, 0–255. */
export function luminance(img: RgbImage): Float32Array {
  const out = new Float32Array(img.width * img.height);
  for (let i = 0, p = 0; i < out.length; i++, p += 3) {
    out[i] = 0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!;
  }
  return out;
}
