/**
 * Prefixes a site-relative path with the configured base (`/` locally, `/<repo>/` on GitHub
 * Pages project sites). Every internal link and asset URL goes through here.
 */
export function siteUrl(path: string, base: string = import.meta.env?.BASE_URL ?? '/'): string {
  const b = base.endsWith('/') ? base : `${base}/`;
  return b + path.replace(/^\/+/, '');
}
