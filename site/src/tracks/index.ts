import { REFIG_SITE_TRACK } from './refig.ts';
import type { SiteTrack, SiteTrackId } from './site-track.ts';
import { STYLE_SITE_TRACK } from './style.ts';

export type { SiteTrackId } from './site-track.ts';

/**
 * Every track the site publishes, by the `track` of a suite or submission on the board (its
 * schema admits only these ids). Pages ask the track's module what differs, never test the id.
 */
export const SITE_TRACKS: Readonly<Record<SiteTrackId, SiteTrack>> = {
  refig: REFIG_SITE_TRACK,
  style: STYLE_SITE_TRACK,
};
