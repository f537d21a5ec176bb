import { readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { SiteConfig } from '../config/site-config.ts';

/** Every `index.html` under `dir`, as site paths (`''`, `elo/`, …), sorted. */
async function pagePaths(dir: string, root = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await pagePaths(p, root)));
    else if (e.name === 'index.html') {
      const rel = relative(root, dir);
      out.push(rel === '' ? '' : `${rel.split('\\').join('/')}/`);
    }
  }
  return out.sort();
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Writes `sitemap.xml` (every built page, sorted, so it is reproducible) and a `robots.txt` naming
 * it. A sitemap needs absolute URLs, so it is written only when FIGBOARD_SITE_URL gives the
 * public origin; without one the build says so.
 */
export function figboardSitemap(config: SiteConfig): AstroIntegration {
  return {
    name: 'figboard-sitemap',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (!config.siteUrl) {
          logger.info('no FIGBOARD_SITE_URL: sitemap.xml not written (it needs absolute URLs)');
          return;
        }
        const out = fileURLToPath(dir);
        const paths = await pagePaths(out);
        const url = (p: string) => new URL(`${config.base}${p}`, config.siteUrl).href;
        const xml = [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...paths.map((p) => `  <url><loc>${escapeXml(url(p))}</loc></url>`),
          '</urlset>',
          '',
        ].join('\n');
        await writeFile(join(out, 'sitemap.xml'), xml);
        await writeFile(
          join(out, 'robots.txt'),
          `User-agent: *\nAllow: /\nSitemap: ${url('sitemap.xml')}\n`,
        );
        logger.info(`sitemap.xml: ${paths.length} pages`);
      },
    },
  };
}
