import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  /**
   * GitHub repository web URL used for "how to submit" and source links; null when none is
   * configured, and then the site names files as plain text instead of linking a guess.
   */
  repoUrl: z
    .string()
    .regex(/^https:\/\/[^\s"'<>]+$/, 'an https:// URL')
    .nullable(),
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

/** `owner/name`, `github:owner/name` or a git/https URL of GitHub → its https web URL. */
function repositoryWebUrl(spec: string): string | null {
  const s = spec.trim();
  const short = /^(?:github:)?([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(s);
  if (short) return `https://github.com/${short[1]}/${short[2]!.replace(/\.git$/, '')}`;
  const url =
    /^(?:git\+)?(?:https?|git|ssh):\/\/(?:git@)?github\.com[/:]([^/\s]+)\/([^/\s]+?)(?:\.git)?\/?$/.exec(
      s,
    );
  if (url) return `https://github.com/${url[1]}/${url[2]}`;
  return /^https:\/\//.test(s) ? s.replace(/\.git$/, '') : null;
}

/**
 * The `repository` of the published repository's package.json (npm's field: a string or
 * `{ type, url }`), as a web URL; null when the file or the field is absent. A field that is not
 * a repository address is an error naming the file.
 */
function readPackageRepository(dataDir: string): string | null {
  const file = join(dataDir, 'package.json');
  let pkg: { repository?: unknown };
  try {
    pkg = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`FigBoard site: ${file}: not readable as JSON (${(e as Error).message})`);
  }
  const field = pkg.repository;
  if (field === undefined) return null;
  const spec =
    typeof field === 'string'
      ? field
      : field && typeof field === 'object' && typeof (field as { url?: unknown }).url === 'string'
        ? (field as { url: string }).url
        : null;
  const url = spec === null ? null : repositoryWebUrl(spec);
  if (url === null)
    throw new Error(
      `FigBoard site: ${file}: "repository" must be "owner/name", "github:owner/name", an https:// URL or { "url": … } (got ${JSON.stringify(field)})`,
    );
  return url;
}

/**
 * Reads the site configuration from environment variables. The site build is an adapter (like
 * the CLI), so this is the one place that reads `process.env` for it:
 * `FIGBOARD_DATA_DIR`, `FIGBOARD_SITE_BASE`, `FIGBOARD_SITE_URL`, `FIGBOARD_REPO_URL`,
 * `FIGBOARD_REPO_BRANCH`, `FIGBOARD_SITE_OUT`. The repository is `FIGBOARD_REPO_URL`, else the
 * `repository` of the data folder's package.json, else `GITHUB_REPOSITORY` (set in Actions),
 * else none: no repository links at all rather than links to a placeholder. Empty means unset.
 */
export function readSiteConfig(env: Record<string, string | undefined> = process.env): SiteConfig {
  const siteDir = resolve(REPO_ROOT, 'site');
  const outDir = resolve(env.FIGBOARD_SITE_OUT ?? resolve(siteDir, 'dist'));
  const dataDir = resolve(env.FIGBOARD_DATA_DIR || REPO_ROOT);
  const repoUrl =
    env.FIGBOARD_REPO_URL ||
    readPackageRepository(dataDir) ||
    (env.GITHUB_REPOSITORY ? `https://github.com/${env.GITHUB_REPOSITORY}` : null);
  const raw = {
    dataDir,
    base: normaliseBase(env.FIGBOARD_SITE_BASE),
    siteUrl: env.FIGBOARD_SITE_URL || undefined,
    repoUrl: repoUrl === null ? null : repoUrl.replace(/\/+$/, ''),
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
