import { stat } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { FigboardError } from '../errors/index.ts';
import type { ImageInfo } from '../schemas/task.schema.ts';
import { round } from '../util/round.ts';
import { sha256File } from '../util/sha256.ts';

/** Largest decoded image a suite accepts (ReFigBench's largest input is 13.65 MP). */
export const MAX_SOURCE_PIXELS = 100_000_000;

/**
 * Reads an image's header (never decodes the pixels) and returns the `image` block of a
 * `task.json`: format, dimensions, bytes, decoded megapixels, alpha, SHA-256. Only PNG and JPEG
 * are accepted, and images above `MAX_SOURCE_PIXELS` are refused, so a decompression bomb never
 * reaches an agent or a judge.
 */
export async function probeImage(path: string, file: ImageInfo['file']): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
  } catch (err) {
    throw new FigboardError('cannot read the image header', {
      code: 'image-unreadable',
      where: path,
      expected: 'a PNG or JPEG image',
      got: (err as Error).message,
      cause: err,
    });
  }
  const format = meta.format === 'png' ? 'png' : meta.format === 'jpeg' ? 'jpeg' : null;
  if (!format || !meta.width || !meta.height) {
    throw new FigboardError('unsupported image format', {
      code: 'image-format',
      where: path,
      expected: 'png or jpeg',
      got: meta.format ?? 'unknown',
    });
  }
  if (meta.width * meta.height > MAX_SOURCE_PIXELS) {
    throw new FigboardError('image is too large', {
      code: 'image-too-large',
      where: path,
      expected: `≤ ${MAX_SOURCE_PIXELS} pixels`,
      got: `${meta.width}×${meta.height}`,
    });
  }
  const { size } = await stat(path);
  return {
    file,
    sha256: await sha256File(path),
    format,
    width: meta.width,
    height: meta.height,
    bytes: size,
    megapixels: round((meta.width * meta.height) / 1e6, 4),
    hasAlpha: meta.hasAlpha === true,
  };
}

/** The task-folder file name for an image format: `source.png` or `source.jpg`. */
export function sourceFileName(format: ImageInfo['format']): ImageInfo['file'] {
  return format === 'png' ? 'source.png' : 'source.jpg';
}
