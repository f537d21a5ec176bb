import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { formatProblem } from '@figboard/evaluator/errors/index.ts';
import type { SiteConfig } from '../config/site-config.ts';
import { getSiteData } from '../data/site-data-cache.ts';
import { publishMedia } from '../media/publish-media.ts';

/**
 * After the pages are written, publishes every image the pages reference (task sources and
 * renderings): the original plus a WebP thumbnail, under `media/`.
 */
export function figboardMedia(config: SiteConfig): AstroIntegration {
  return {
    name: 'figboard-media',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const data = await getSiteData(config.dataDir);
        // With an output folder outside site/, Astro 5 leaves its prerender manifest modules
        // (*.mjs) at the top of the output; a static site has none of its own there.
        const out = fileURLToPath(dir);
        for (const name of await readdir(out)) if (name.endsWith('.mjs')) await rm(join(out, name), { force: true });
        const started = performance.now();
        const result = await publishMedia(data.media, out, (done, total) => logger.info(`images ${done}/${total}`));
        for (const p of result.problems) logger.warn(formatProblem(p));
        logger.info(`published ${result.published} images (${result.failed} unreadable) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
