import sharp from 'sharp';
import { FigboardError } from '../errors/index.ts';
import { sharpInput } from './decode-image.ts';

export interface OcrImage {
  /** PNG bytes to hand to the OCR engine. */
  png: Uint8Array;
  /** Factor from original pixels to the prepared image's pixels. */
  scale: number;
}

export interface PrepareOcrOptions {
  /** Luminance below which a pixel is ink. Default 160. */
  inkThreshold?: number;
  /** Horizontal or vertical ink runs at least this long (original pixels) are rules, not text. Default 40. */
  minRuleLength?: number;
  /** Images wider than this are scaled down first (bounded OCR time). Default 4000. */
  maxWidth?: number;
}

/**
 * Turns a figure into what tesseract reads best: greyscale, binarised, and with box borders,
 * arrows and rules erased. Diagram labels sit inside boxes and between arrows; left in place,
 * those long straight strokes make tesseract's sparse-text mode miss whole labels (on the
 * calibration figures recall rose from about half to nearly all words). Text strokes are far
 * shorter than `minRuleLength`, so letters survive.
 */
export async function prepareOcrImage(
  input: string | Uint8Array,
  where: string,
  options: PrepareOcrOptions = {},
): Promise<OcrImage> {
  const inkThreshold = options.inkThreshold ?? 160;
  const maxWidth = options.maxWidth ?? 4000;
  try {
    const meta = await sharpInput(input).metadata();
    const width0 = meta.width ?? 0;
    const scale = width0 > maxWidth ? maxWidth / width0 : 1;
    let pipeline = sharpInput(input).rotate().flatten({ background: '#ffffff' }).greyscale();
    if (scale < 1) pipeline = pipeline.resize(Math.round(width0 * scale));
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    const W = info.width;
    const H = info.height;
    const minRun = Math.max(8, Math.round((options.minRuleLength ?? 40) * scale));
    // Light text on a dark fill (white labels in a dark box) is ink too: where the
    // neighbourhood is dark, pixels well above it are the text.
    const sigma = Math.max(3, 12 * scale);
    const mean = await sharp(Buffer.from(data.buffer, data.byteOffset, W * H * info.channels), {
      raw: { width: W, height: H, channels: info.channels },
    })
      .extractChannel(0)
      .blur(sigma)
      .raw()
      .toBuffer();
    const ink = new Uint8Array(W * H);
    for (let i = 0; i < W * H; i++) {
      const lum = data[i * info.channels]!;
      ink[i] = mean[i]! >= 128 ? (lum < inkThreshold ? 1 : 0) : lum > mean[i]! + 45 ? 1 : 0;
    }
    // A rule is a long run that is thin across (a border, an arrow), or a very long one; the
    // stems and bars of large bold letters are long but thick, and are kept.
    const maxThick = Math.max(3, Math.round(0.12 * minRun));
    const across = (i: number, step: number, limit: number): number => {
      let n = 1;
      for (let k = i + step, c = 0; c < limit && k >= 0 && k < W * H && ink[k]; k += step, c++) n++;
      for (let k = i - step, c = 0; c < limit && k >= 0 && k < W * H && ink[k]; k -= step, c++) n++;
      return n;
    };
    // Thickness is the least of three probes along the run: an arrow leaving a border thickens
    // it at one point only, a letter's stem is thick all along.
    const isRule = (len: number, at: (f: number) => number, step: number) =>
      len >= 2 * minRun ||
      (len >= minRun &&
        Math.min(...[0.25, 0.5, 0.75].map((f) => across(at(f), step, maxThick + 1))) <= maxThick);
    const erase = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      let x = 0;
      while (x < W) {
        if (!ink[y * W + x]) {
          x++;
          continue;
        }
        const s = x;
        while (x < W && ink[y * W + x]) x++;
        if (x - s >= minRun && isRule(x - s, (f) => y * W + s + Math.floor(f * (x - s)), W))
          erase.fill(1, y * W + s, y * W + x);
      }
    }
    for (let x = 0; x < W; x++) {
      let y = 0;
      while (y < H) {
        if (!ink[y * W + x]) {
          y++;
          continue;
        }
        const s = y;
        while (y < H && ink[y * W + x]) y++;
        if (y - s >= minRun && isRule(y - s, (f) => (s + Math.floor(f * (y - s))) * W + x, 1))
          for (let k = s; k < y; k++) erase[k * W + x] = 1;
      }
    }
    const out = Buffer.alloc(W * H);
    for (let i = 0; i < W * H; i++) out[i] = ink[i] && !erase[i] ? 0 : 255;
    const png = await sharp(out, { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer();
    return { png: new Uint8Array(png.buffer, png.byteOffset, png.length), scale };
  } catch (err) {
    if (err instanceof FigboardError) throw err;
    throw new FigboardError(`image could not be prepared for OCR: ${(err as Error).message}`, {
      code: 'image-unreadable',
      where,
      cause: err,
    });
  }
}
