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
        const started = performance.now();
        const result = await publishMedia(data.media, fileURLToPath(dir), (done, total) => logger.info(`images ${done}/${total}`));
        for (const p of result.problems) logger.warn(formatProblem(p));
        logger.info(`published ${result.published} images (${result.failed} unreadable) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
