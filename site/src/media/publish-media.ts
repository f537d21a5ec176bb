import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { Problem } from '@figboard/evaluator/errors';
import { MEDIUM_WIDTH, type MediaItem, THUMB_WIDTH } from '../data/plan-media.ts';

/** Decompression-bomb guard: images above this many pixels are refused. */
const MAX_INPUT_PIXELS = 50_000_000;

/** A JPEG rendition made from every input image (thumbnail) or from wide ones (medium). */
interface Rendition {
  /** Part of the cache key: bump it when the settings below change, so old files are not reused. */
  version: string;
  width: number;
  kernel: 'linear' | 'lanczos3';
  quality: number;
}

const THUMB: Rendition = {
  version: 'w480-jpeg-q78-linear-v1',
  width: THUMB_WIDTH,
  // linear kernel + baseline JPEG: ~30% cheaper than Lanczos + WebP, and a build thumbnails
  // every rendering of every task
  kernel: 'linear',
  quality: 78,
};
const MEDIUM: Rendition = {
  version: 'w1000-jpeg-q82-lanczos3-v1',
  width: MEDIUM_WIDTH,
  // the evidence a reader inspects (thin lines, small labels): the sharper kernel, a little more
  // quality; only images wider than MEDIUM_WIDTH get one
  kernel: 'lanczos3',
  quality: 82,
};

/** Where each input image's renditions are in the cache, or why there are none. */
export interface ThumbnailIndex {
  thumbs: Map<string, string>;
  /** Medium renditions, for the inputs that some item asks one of. */
  mediums: Map<string, string>;
  problems: Problem[];
  /** Renditions (thumbnails and medium) made in this call. */
  computed: number;
  /** Renditions found in the cache. */
  cached: number;
}

export interface PublishResult {
  published: number;
  /** Renditions reused from the cache instead of being computed in this build. */
  cached: number;
  failed: number;
  problems: Problem[];
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Writes `rendition` of `bytes` to `cachePath` (atomically: write, then rename). Fixed options
 * and one libvips thread: the same input gives the same bytes.
 */
async function makeRendition(
  bytes: Buffer,
  rendition: Rendition,
  cachePath: string,
): Promise<void> {
  const jpeg = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: rendition.width, withoutEnlargement: true, kernel: rendition.kernel })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: rendition.quality, mozjpeg: false })
    .toBuffer();
  // a parallel build never reads a half-written file; the name is unique per call (not only per
  // process, as writeFileAtomic's is) because one build makes renditions concurrently
  const tmp = `${cachePath}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, jpeg);
  await rename(tmp, cachePath);
}

/** Runs `fn` over `items`, `workers` at a time. */
async function pool<T>(
  items: readonly T[],
  workers: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(workers, items.length)) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * Makes a JPEG thumbnail for every distinct input image — and a medium rendition for those an
 * item asks one of — in a content-addressed cache folder (SHA-256 of settings + bytes), skipping
 * those already there: an unchanged image is never resized twice, across builds too. Unreadable,
 * corrupt or oversized images become problems (file + rule) and never stop the others. Runs a
 * few images at a time with one libvips thread each, which beats libvips' own threading for many
 * small files — and lets the build render pages on the other core meanwhile.
 */
export async function prepareThumbnails(
  items: readonly MediaItem[],
  cacheDir: string,
  onProgress?: (done: number, total: number) => void,
): Promise<ThumbnailIndex> {
  sharp.cache(false);
  sharp.concurrency(1);
  await mkdir(cacheDir, { recursive: true });
  const index: ThumbnailIndex = {
    thumbs: new Map(),
    mediums: new Map(),
    problems: [],
    computed: 0,
    cached: 0,
  };
  const sources = [...new Set(items.map((i) => i.src))];
  const wantsMedium = new Set(items.filter((i) => i.medium).map((i) => i.src));
  // two inputs with the same bytes share one rendition: the second waits for the first
  const inflight = new Map<string, Promise<boolean>>();
  const rendition = async (bytes: Buffer, r: Rendition): Promise<string> => {
    const cachePath = join(
      cacheDir,
      `${createHash('sha256').update(r.version).update(bytes).digest('hex')}.jpg`,
    );
    // registered before any await, so an input with the same bytes finds it and waits
    let job = inflight.get(cachePath);
    const first = job === undefined;
    job ??= (async () => {
      if (await exists(cachePath)) return false;
      await makeRendition(bytes, r, cachePath);
      return true;
    })();
    inflight.set(cachePath, job);
    // a failed rendition fails every input with the same bytes, with the same message
    const made = await job;
    if (made && first) index.computed++;
    else index.cached++;
    return cachePath;
  };
  let done = 0;
  await pool(sources, availableParallelism(), async (src) => {
    try {
      const bytes = await readFile(src);
      const thumb = await rendition(bytes, THUMB);
      const medium = wantsMedium.has(src) ? await rendition(bytes, MEDIUM) : undefined;
      index.thumbs.set(src, thumb);
      if (medium) index.mediums.set(src, medium);
    } catch (err) {
      index.problems.push({
        severity: 'warning',
        rule: 'image-unreadable',
        file: src,
        message: `not published: ${(err as Error).message}`,
      });
    }
    done++;
    if (onProgress && (done % 2000 === 0 || done === sources.length))
      onProgress(done, sources.length);
  });
  index.problems.sort((a, b) => a.file.localeCompare(b.file));
  return index;
}

/**
 * Writes each image into the build output: the original bytes at `item.full`, its cached
 * thumbnail at `item.thumb` and medium rendition at `item.medium` (when it has one). An image
 * without its renditions (unreadable) gets a neutral grey placeholder for each, so pages never
 * show a broken image.
 */
export async function publishMedia(
  items: readonly MediaItem[],
  outDir: string,
  index: ThumbnailIndex,
): Promise<PublishResult> {
  const dirs = new Set(items.map((i) => dirname(join(outDir, i.full))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  let published = 0;
  let failed = 0;
  let placeholder: Buffer | undefined;
  await pool(items, 8, async (item) => {
    const thumb = index.thumbs.get(item.src);
    const medium = item.medium ? index.mediums.get(item.src) : undefined;
    let ok = false;
    if (thumb && (!item.medium || medium)) {
      try {
        await Promise.all([
          copyFile(thumb, join(outDir, item.thumb)),
          copyFile(item.src, join(outDir, item.full)),
          ...(item.medium && medium ? [copyFile(medium, join(outDir, item.medium))] : []),
        ]);
        ok = true;
      } catch {
        // the input or the cache changed under us: fall through to the placeholder
      }
    }
    if (ok) published++;
    else {
      placeholder ??= await sharp({
        create: { width: 160, height: 90, channels: 3, background: { r: 200, g: 200, b: 200 } },
      })
        .jpeg()
        .toBuffer();
      const paths = [item.thumb, item.full, ...(item.medium ? [item.medium] : [])];
      await Promise.all(paths.map((p) => writeFile(join(outDir, p), placeholder!)));
      failed++;
    }
  });
  return { published, cached: index.cached, failed, problems: index.problems };
}
