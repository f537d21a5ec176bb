import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { Problem } from '@figboard/evaluator/errors';
import type { MediaItem } from '../data/plan-media.ts';

/** Thumbnail width in pixels (1.5× the task grid's column width). */
export const THUMB_WIDTH = 480;
/** Decompression-bomb guard: images above this many pixels are refused. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Bump when the thumbnail settings change, so cached thumbnails are not reused. */
const THUMB_VERSION = 'w480-jpeg-q78-linear-v1';

/** Where each input image's thumbnail is, or why there is none. */
export interface ThumbnailIndex {
  thumbs: Map<string, string>;
  problems: Problem[];
  computed: number;
  cached: number;
}

export interface PublishResult {
  published: number;
  /** Thumbnails reused from the cache instead of being computed in this build. */
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

/** Writes the thumbnail of `bytes` to `cachePath` (atomically: write, then rename). */
async function makeThumbnail(bytes: Buffer, cachePath: string): Promise<void> {
  const jpeg = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    // linear kernel + baseline JPEG: ~30% cheaper than Lanczos + WebP, and a build thumbnails
    // every rendering of every task
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true, kernel: 'linear' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78, mozjpeg: false })
    .toBuffer();
  // a parallel build never reads a half-written file; the name is unique per call (not only per
  // process, as writeFileAtomic's is) because one build makes thumbnails concurrently
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
 * Makes a JPEG thumbnail for every distinct input image in a content-addressed cache folder
 * (SHA-256 of settings + bytes), skipping those already there: an unchanged image is never
 * thumbnailed twice, across builds too. Unreadable, corrupt or oversized images become problems
 * (file + rule) and never stop the others. Runs a few images at a time with one libvips thread
 * each, which beats libvips' own threading for many small files — and lets the build render pages
 * on the other core meanwhile.
 */
export async function prepareThumbnails(
  items: readonly MediaItem[],
  cacheDir: string,
  onProgress?: (done: number, total: number) => void,
): Promise<ThumbnailIndex> {
  sharp.cache(false);
  sharp.concurrency(1);
  await mkdir(cacheDir, { recursive: true });
  const index: ThumbnailIndex = { thumbs: new Map(), problems: [], computed: 0, cached: 0 };
  const sources = [...new Set(items.map((i) => i.src))];
  // two inputs with the same bytes share one thumbnail: the second waits for the first
  const inflight = new Map<string, Promise<boolean>>();
  let done = 0;
  await pool(sources, availableParallelism(), async (src) => {
    try {
      const bytes = await readFile(src);
      const cachePath = join(
        cacheDir,
        `${createHash('sha256').update(THUMB_VERSION).update(bytes).digest('hex')}.jpg`,
      );
      // registered before any await, so an input with the same bytes finds it and waits
      let job = inflight.get(cachePath);
      const first = job === undefined;
      job ??= (async () => {
        if (await exists(cachePath)) return false;
        await makeThumbnail(bytes, cachePath);
        return true;
      })();
      inflight.set(cachePath, job);
      // a failed thumbnail fails every input with the same bytes, with the same message
      const made = await job;
      if (made && first) index.computed++;
      else index.cached++;
      index.thumbs.set(src, cachePath);
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
 * Writes each image into the build output: the original bytes at `item.full` and its cached
 * thumbnail at `item.thumb`. An image without a thumbnail (unreadable) gets a neutral grey
 * placeholder for both, so pages never show a broken image.
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
    let ok = false;
    if (thumb) {
      try {
        await Promise.all([
          copyFile(thumb, join(outDir, item.thumb)),
          copyFile(item.src, join(outDir, item.full)),
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
      await Promise.all([
        writeFile(join(outDir, item.thumb), placeholder),
        writeFile(join(outDir, item.full), placeholder),
      ]);
      failed++;
    }
  });
  return { published, cached: index.cached, failed, problems: index.problems };
}
