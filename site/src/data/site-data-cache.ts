import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { loadSiteData, type SiteData } from './load-site-data.ts';

// Astro evaluates content.config.ts, the pages and the integrations in separate module graphs of
// the same process; a process-wide cache (keyed by data folder and the board's mtime) makes the
// inputs load and validate once per build instead of once per graph.
const KEY = Symbol.for('figboard.site-data');
type Cache = Map<string, Promise<SiteData>>;

/** Loads the site data of `dataDir` once per process (reloaded when leaderboard.json changes). */
export async function getSiteData(dataDir: string): Promise<SiteData> {
  const g = globalThis as unknown as Record<symbol, Cache | undefined>;
  const cache = (g[KEY] ??= new Map());
  let mtime = 0;
  try {
    mtime = (await stat(join(dataDir, 'leaderboard.json'))).mtimeMs;
  } catch {
    // missing file: loadSiteData reports it with a clear error
  }
  const key = `${dataDir}\0${mtime}`;
  let p = cache.get(key);
  if (!p) {
    p = loadSiteData(dataDir);
    cache.clear();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}
