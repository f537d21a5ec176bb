import type { SiteConfig } from '../config/site-config.ts';

/**
 * A link to a file of the repository at a commit (or the configured branch when the commit is
 * unknown): `blob` pages for text (code, logs), `raw` for binaries (decks), so a reader gets the
 * exact bytes that were scored. Path segments are encoded; ids are already URL-safe. Null when
 * the build has no repository configured (the page then names the file without a link).
 */
export function repoFileUrl(
  config: Pick<SiteConfig, 'repoUrl' | 'repoBranch'>,
  commit: string | null,
  path: string,
  kind: 'blob' | 'raw' = 'blob',
): string | null {
  if (config.repoUrl === null) return null;
  const ref = commit ?? config.repoBranch;
  const encoded = path
    .split('/')
    .map((p) => encodeURIComponent(p))
    .join('/');
  return `${config.repoUrl}/${kind}/${ref}/${encoded}`;
}
