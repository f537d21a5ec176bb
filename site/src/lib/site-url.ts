import { readSiteConfig } from '../config/site-config.ts';

// The base comes from FIGBOARD_SITE_BASE (via the site config), not from import.meta.env.BASE_URL:
// a BASE_URL variable in the environment (vitest sets one, CI systems may) would silently
// override Vite's value.
let configuredBase: string | undefined;

/**
 * Prefixes a site-relative path with the configured base (`/` locally, `/<repo>/` on GitHub
 * Pages project sites). Every internal link and asset URL goes through here.
 */
export function siteUrl(path: string, base?: string): string {
  const b = base ?? (configuredBase ??= readSiteConfig().base);
  return (b.endsWith('/') ? b : `${b}/`) + path.replace(/^\/+/, '');
}
