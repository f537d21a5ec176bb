import { defineConfig } from 'astro/config';
import { readSiteConfig } from './src/config/site-config.ts';
import { figboardMedia } from './src/integrations/figboard-media.ts';
import { figboardSitemap } from './src/integrations/figboard-sitemap.ts';

// All settings come from FIGBOARD_* environment variables (see site/README.md): the data
// folder, the base path for GitHub Pages project sites, the output folder.
const config = readSiteConfig();

export default defineConfig({
  site: config.siteUrl,
  base: config.base,
  outDir: config.outDir,
  cacheDir: config.cacheDir,
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  devToolbar: { enabled: false },
  integrations: [figboardMedia(config), figboardSitemap(config)],
  vite: {
    // The evaluator is consumed as TypeScript source (its schemas, JSONL reader, errors).
    ssr: { noExternal: ['@figboard/evaluator'] },
  },
});
