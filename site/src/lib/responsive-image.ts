import { MEDIUM_WIDTH, THUMB_WIDTH } from '../data/plan-media.ts';
import { siteUrl } from './site-url.ts';

/**
 * `srcset` for a published image: the thumbnail for small displays, the medium rendition (when
 * the original is wider than it) for a desktop slot, the full-resolution original for a dense
 * screen. With the `sizes` the page gives, a 1400 px desktop at device pixel ratio 1 picks the
 * medium rendition, never the original (which can weigh megabytes; it stays linked for zooming).
 * Undefined when the original is no wider than the thumbnail or its width is unknown (the
 * thumbnail alone is shown).
 */
export function srcsetOf(media: {
  full: string;
  thumb: string;
  medium?: string;
  width?: number;
}): string | undefined {
  if (!media.width || media.width <= THUMB_WIDTH) return undefined;
  const candidates = [`${siteUrl(media.thumb)} ${THUMB_WIDTH}w`];
  if (media.medium && media.width > MEDIUM_WIDTH)
    candidates.push(`${siteUrl(media.medium)} ${MEDIUM_WIDTH}w`);
  candidates.push(`${siteUrl(media.full)} ${media.width}w`);
  return candidates.join(', ');
}
