import type { BotTrack, TrackId } from './bot-track.ts';
import { REFIG_BOT_TRACK } from './refig.ts';
import { STYLE_BOT_TRACK } from './style.ts';

export type { BotTrack, TrackId } from './bot-track.ts';

/** The bot's side of every track, by the evaluator's track id. */
export const BOT_TRACKS: Readonly<Record<TrackId, BotTrack>> = {
  refig: REFIG_BOT_TRACK,
  style: STYLE_BOT_TRACK,
};
