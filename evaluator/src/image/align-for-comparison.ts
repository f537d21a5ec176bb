import { decodeImage, imageSize, type RgbImage } from './decode-image.ts';

/** Width both images are brought to before comparing (small: V judges layout-scale detail, and it is fast). */
export const COMPARISON_WIDTH = 400;

/**
 * Brings a rendered slide and its source figure to one size for comparison: the render is
 * scaled to `width` (keeping its aspect), the source is fitted inside the same box (aspect
 * preserved, centred, white padding) — the same mapping layout scoring uses.
 */
export async function alignForComparison(
  sourcePath: string | Uint8Array,
  renderPath: string | Uint8Array,
  where: { source: string; render: string },
  width = COMPARISON_WIDTH,
): Promise<{ source: RgbImage; render: RgbImage }> {
  const size = await imageSize(renderPath, where.render);
  const height = Math.max(1, Math.round((width * size.height) / size.width));
  const render = await decodeImage(renderPath, where.render, { width, height, fit: 'fill' });
  const source = await decodeImage(sourcePath, where.source, { width, height, fit: 'contain' });
  return { source, render };
}
