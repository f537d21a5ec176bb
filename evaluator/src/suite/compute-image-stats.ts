import type { ImageStats } from '../schemas/suite.schema.ts';
import type { ImageInfo } from '../schemas/task.schema.ts';
import { round } from '../util/round.ts';
import { quantileOfSorted } from '../stats/quantile.ts';

/** Linear-interpolation percentile (NumPy's default), p in 0..1. */
const percentile = (values: readonly number[], p: number) =>
  quantileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );

/**
 * ReFigBench Table 1 for a set of source images: formats, distinct resolutions, median width
 * and height (each its own median), ranges, decoded megapixels median / 95th percentile / max,
 * and landscape / portrait / square counts. Null for an empty suite (nothing to summarise).
 */
export function computeImageStats(images: readonly ImageInfo[]): ImageStats | null {
  if (images.length === 0) return null;
  const formats: Record<string, number> = {};
  for (const im of images) formats[im.format] = (formats[im.format] ?? 0) + 1;
  const widths = images.map((im) => im.width);
  const heights = images.map((im) => im.height);
  // Megapixels from the exact pixel counts, not the rounded per-task value.
  const mps = images.map((im) => (im.width * im.height) / 1e6);
  const orientation = { landscape: 0, portrait: 0, square: 0 };
  for (const im of images) {
    if (im.width > im.height) orientation.landscape += 1;
    else if (im.height > im.width) orientation.portrait += 1;
    else orientation.square += 1;
  }
  return {
    images: images.length,
    formats: Object.fromEntries(Object.entries(formats).sort(([a], [b]) => (a < b ? -1 : 1))),
    distinctResolutions: new Set(images.map((im) => `${im.width}x${im.height}`)).size,
    medianWidth: round(percentile(widths, 0.5), 1),
    medianHeight: round(percentile(heights, 0.5), 1),
    widthRange: [Math.min(...widths), Math.max(...widths)],
    heightRange: [Math.min(...heights), Math.max(...heights)],
    megapixelsMedian: round(percentile(mps, 0.5), 4),
    megapixelsP95: round(percentile(mps, 0.95), 4),
    megapixelsMax: round(Math.max(...mps), 4),
    bytesTotal: images.reduce((s, im) => s + im.bytes, 0),
    orientation,
  };
}
