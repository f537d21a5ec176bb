import type { ActionTrack, TrackId } from './action-track.ts';
import { REFIG_ACTION_TRACK } from './refig.ts';
import { STYLE_ACTION_TRACK } from './style.ts';

export type { ActionTrack, TrackId } from './action-track.ts';

/** The Action's side of every track, by the evaluator's track id. */
export const ACTION_TRACKS: Readonly<Record<TrackId, ActionTrack>> = {
  refig: REFIG_ACTION_TRACK,
  style: STYLE_ACTION_TRACK,
};
