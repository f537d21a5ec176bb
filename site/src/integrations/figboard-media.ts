import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { formatProblem } from '@figboard/evaluator/errors';
import type { SiteConfig } from '../config/site-config.ts';
import { getSiteData } from '../data/site-data-cache.ts';
import { prepareThumbnails, publishMedia, type ThumbnailIndex } from '../media/publish-media.ts';

/**
 * Publishes every image the pages reference (task sources and renderings): the original plus a
 * JPEG thumbnail, under `media/`. Thumbnailing starts when the build starts and runs beside
 * Vite and page rendering (page rendering is single-threaded JavaScript; libvips works on the
 * other core); the finished thumbnails are copied into the output when the pages are done.
 */
export function figboardMedia(config: SiteConfig): AstroIntegration {
  const cacheDir = join(config.cacheDir, 'figboard-thumbnails');
  let pending: Promise<ThumbnailIndex> | undefined;
  let started = 0;
  return {
    name: 'figboard-media',
    hooks: {
      'astro:build:start': async ({ logger }) => {
        started = performance.now();
        const data = await getSiteData(config.dataDir);
        // not awaited: the thumbnails are made while Astro builds the pages
        pending = prepareThumbnails(data.media, cacheDir, (done, total) =>
          logger.info(`thumbnails ${done}/${total}`),
        );
        pending.catch(() => undefined);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const data = await getSiteData(config.dataDir);
        // With an output folder outside site/, Astro 5 leaves its prerender manifest modules
        // (*.mjs) at the top of the output; a static site has none of its own there.
        const out = fileURLToPath(dir);
        for (const name of await readdir(out))
          if (name.endsWith('.mjs')) await rm(join(out, name), { force: true });
        const index = await (pending ?? prepareThumbnails(data.media, cacheDir));
        const result = await publishMedia(data.media, out, index);
        for (const p of result.problems) logger.warn(formatProblem(p));
        logger.info(
          `published ${result.published} images (${index.computed} renditions made, ${index.cached} from cache, ${result.failed} unreadable); ` +
            `${((performance.now() - started) / 1000).toFixed(1)} s since the build started`,
        );
      },
    },
  };
}
