import { UsageError } from '../errors/index.ts';
import { REFIG_TRACK } from './refig/refig-track.ts';
import { STYLE_TRACK } from './style/style-track.ts';
import type { Track, TrackId } from './track.ts';

/** Every track the evaluator scores, by the `track` of `submission.yml`. */
export const TRACKS: Readonly<Record<TrackId, Track>> = {
  refig: REFIG_TRACK,
  style: STYLE_TRACK,
};

/** The track of this id, or undefined when there is none (an unchecked `track` field, e.g. a raw task.json). */
export function findTrack(id: unknown): Track | undefined {
  return typeof id === 'string' && Object.hasOwn(TRACKS, id) ? TRACKS[id as TrackId] : undefined;
}

/** The track of this id, or a usage error naming the file and the tracks there are. */
export function trackFor(id: string, where: string): Track {
  const track = findTrack(id);
  if (!track)
    throw new UsageError(
      `unknown track "${id}": available: ${Object.keys(TRACKS).sort().join(', ')}`,
      { code: 'unknown-track', where, expected: Object.keys(TRACKS).sort().join(' | '), got: id },
    );
  return track;
}
