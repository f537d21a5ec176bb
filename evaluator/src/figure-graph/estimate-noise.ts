/**
 * The pixel noise of a figure (standard deviation, grey levels) from the median absolute
 * difference of horizontally neighbouring pixels: a drawn figure is mostly flat areas, so the
 * median difference is zero for a clean raster and grows with sensor, dithering or JPEG noise.
 * `rgb` is row-major RGB; at most ~250,000 pixels are sampled.
 */
export function estimateNoise(rgb: Uint8Array, width: number, height: number): number {
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 250_000)));
  const diffs: number[] = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x + 1 < width; x += step) {
      const p = (y * width + x) * 3;
      const a = 0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!;
      const b = 0.299 * rgb[p + 3]! + 0.587 * rgb[p + 4]! + 0.114 * rgb[p + 5]!;
      diffs.push(Math.abs(a - b));
    }
  }
  if (diffs.length === 0) return 0;
  diffs.sort((a, b) => a - b);
  // MAD of a difference of two independent samples: σ·√2·0.6745.
  return (1.4826 * diffs[diffs.length >> 1]!) / Math.SQRT2;
}
