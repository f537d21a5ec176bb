import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { Problem } from '@figboard/evaluator/errors/index.ts';
import type { MediaItem } from '../data/plan-media.ts';

/** Thumbnail width in CSS pixels ×1.5 for sharp screens at the task grid's column width. */
export const THUMB_WIDTH = 480;
/** Decompression-bomb guard: images above this many pixels are refused. */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface PublishResult {
  published: number;
  failed: number;
  problems: Problem[];
}

/**
 * Copies each image to the build output and writes a small WebP thumbnail beside it. A corrupt
 * or oversized image is reported (file + rule) and replaced by a neutral placeholder thumbnail;
 * it never stops the others. Runs a few images at a time with one libvips thread each, which is
 * faster than libvips' own threading for many small files.
 */
export async function publishMedia(items: readonly MediaItem[], outDir: string, onProgress?: (done: number, total: number) => void): Promise<PublishResult> {
  sharp.cache(false);
  sharp.concurrency(1);
  const problems: Problem[] = [];
  let published = 0;
  let failed = 0;
  let placeholder: Buffer | undefined;
  const dirs = new Set(items.map((i) => dirname(join(outDir, i.full))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      const full = join(outDir, item.full);
      const thumb = join(outDir, item.thumb);
      try {
        await sharp(item.src, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
          .webp({ quality: 72, effort: 2 })
          .toFile(thumb);
        await copyFile(item.src, full);
        published++;
      } catch (err) {
        failed++;
        problems.push({ severity: 'warning', rule: 'image-unreadable', file: item.src, message: `not published: ${(err as Error).message}` });
        placeholder ??= await sharp({ create: { width: 160, height: 90, channels: 3, background: { r: 200, g: 200, b: 200 } } }).webp().toBuffer();
        await writeFile(thumb, placeholder);
        await writeFile(full, placeholder);
      }
      done++;
      if (onProgress && (done % 500 === 0 || done === items.length)) onProgress(done, items.length);
    }
  };
  const workers = Math.max(1, Math.min(8, availableParallelism()));
  await Promise.all(Array.from({ length: workers }, worker));
  problems.sort((a, b) => a.file.localeCompare(b.file));
  return { published, failed, problems };
}
