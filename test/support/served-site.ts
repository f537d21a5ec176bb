import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildSite, type BuildSiteOptions } from '../../site/scripts/build-site.ts';
import { startStaticServer, type StaticServer } from '../../site/scripts/static-server.ts';

const SITE_DIR = resolve(import.meta.dirname, '../../site');

/** A site built from a data folder and served, as the site's end-to-end tests use it. */
export interface ServedSite {
  server: StaticServer;
  /** The built site (`site/.build/<name>-<pid>/dist`). */
  dist: string;
  /** `astro build`'s output. */
  log: string;
  outRoot: string;
}

/**
 * Builds the site from `dataDir` into `site/.build/<name>-<pid>/dist` — inside site/, so Astro's
 * prerender chunks stay in this build's own folder and parallel test files never share them —
 * and serves it under `base` (default `/`).
 */
export async function serveSite(
  dataDir: string,
  name: string,
  options: Pick<BuildSiteOptions, 'base' | 'env' | 'timeoutMs'> = {},
): Promise<ServedSite> {
  const outRoot = join(SITE_DIR, '.build', `${name}-${process.pid}`);
  const dist = join(outRoot, 'dist');
  const { log } = await buildSite({ timeoutMs: 300_000, ...options, dataDir, outDir: dist });
  const server = await startStaticServer(dist, options.base ? { base: options.base } : {});
  return { server, dist, log, outRoot };
}

/** Stops the server and removes the build and the test's data folder (either may be absent). */
export async function removeSite(
  site: ServedSite | undefined,
  dataDir: string | undefined,
): Promise<void> {
  await site?.server.close();
  if (site) await rm(site.outRoot, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
