import { THUMB_WIDTH } from '../media/publish-media.ts';
import { siteUrl } from './site-url.ts';

/**
 * `srcset` for a published image: the thumbnail for small displays, the full-resolution original
 * when the image is shown wider than the thumbnail (or on a dense screen). Undefined when the
 * original is no wider than the thumbnail or its width is unknown (the thumbnail alone is shown).
 */
export function srcsetOf(media: {
  full: string;
  thumb: string;
  width?: number;
}): string | undefined {
  if (!media.width || media.width <= THUMB_WIDTH) return undefined;
  return `${siteUrl(media.thumb)} ${THUMB_WIDTH}w, ${siteUrl(media.full)} ${media.width}w`;
}
