import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root: two levels above this file (site/src/config → repo). */
const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** Everything the site build takes from its environment, validated once. */
export const SiteConfig = z.object({
  /** Folder holding `leaderboard.json`, `suites/` and `submissions/` (default: the repository root). */
  dataDir: z.string().min(1),
  /** URL prefix for GitHub Pages project sites, e.g. `/figboard/`; always starts and ends with `/`. */
  base: z.string().regex(/^\/([A-Za-z0-9._~-]+\/)*$/, 'a path like "/" or "/<repo>/"'),
  /** Public origin of the site, e.g. `https://owner.github.io` (optional; used for canonical URLs). */
  siteUrl: z.string().url().optional(),
  /** GitHub repository web URL used for "how to submit" and source links. */
  repoUrl: z.string().regex(/^https:\/\/[^\s"'<>]+$/, 'an https:// URL'),
  /** Git branch the docs links point at. */
  repoBranch: z.string().regex(/^[A-Za-z0-9._/-]+$/),
  /** Build output folder (absolute). */
  outDir: z.string().min(1),
  /** Astro cache folder (absolute); separate per output so parallel builds never share it. */
  cacheDir: z.string().min(1),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

/** Normalises a base path: `figboard` → `/figboard/`, empty → `/`. */
function normaliseBase(raw: string | undefined): string {
  const trimmed = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/**
 * Reads the site configuration from environment variables. The site build is an adapter (like
 * the CLI), so this is the one place that reads `process.env` for it:
 * `FIGBOARD_DATA_DIR`, `FIGBOARD_SITE_BASE`, `FIGBOARD_SITE_URL`, `FIGBOARD_REPO_URL`
 * (falls back to `GITHUB_REPOSITORY` in Actions), `FIGBOARD_REPO_BRANCH`, `FIGBOARD_SITE_OUT`.
 */
export function readSiteConfig(env: Record<string, string | undefined> = process.env): SiteConfig {
  const siteDir = resolve(REPO_ROOT, 'site');
  const outDir = resolve(env.FIGBOARD_SITE_OUT ?? resolve(siteDir, 'dist'));
  const repoUrl =
    env.FIGBOARD_REPO_URL ??
    (env.GITHUB_REPOSITORY
      ? `https://github.com/${env.GITHUB_REPOSITORY}`
      : 'https://github.com/figboard/figboard');
  const raw = {
    dataDir: resolve(env.FIGBOARD_DATA_DIR ?? REPO_ROOT),
    base: normaliseBase(env.FIGBOARD_SITE_BASE),
    siteUrl: env.FIGBOARD_SITE_URL || undefined,
    repoUrl: repoUrl.replace(/\/+$/, ''),
    repoBranch: env.FIGBOARD_REPO_BRANCH ?? 'main',
    outDir,
    // Astro keeps its content store here; one per output folder so a test build and a bench
    // build running at the same time never read each other's cache.
    cacheDir: env.FIGBOARD_SITE_OUT
      ? resolve(outDir, '..', `.astro-cache-${outDir.split('/').pop()}`)
      : resolve(siteDir, 'node_modules/.astro'),
  };
  const parsed = SiteConfig.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) =>
        `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify((raw as Record<string, unknown>)[String(i.path[0])])})`,
    );
    throw new Error(
      `FigBoard site: invalid environment configuration\n${lines.join('\n')}\nHint: see site/README.md for the FIGBOARD_* variables.`,
    );
  }
  return parsed.data;
}
