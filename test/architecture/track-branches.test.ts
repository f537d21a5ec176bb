import { describe, expect, it } from 'vitest';
import { SubmissionManifest } from '@figboard/evaluator/schemas';
import { ACTION_TRACKS } from '../../action/src/tracks/index.ts';
import { BOT_TRACKS } from '../../bot/src/tracks/index.ts';

// Issue 25 item 1: what differs per track lives in per-track modules (bot/src/tracks,
// action/src/tracks) looked up by the track id; evaluator/src/tracks/track-branches.test.ts checks
// that nothing outside the track folders branches on it.

describe('per-track behaviour of the bot and the Action', () => {
  it('both registries hold every track of submission.yml, each under its own id', () => {
    const ids = [...SubmissionManifest.shape.track.options].sort();
    for (const registry of [BOT_TRACKS, ACTION_TRACKS]) {
      expect(Object.keys(registry).sort()).toEqual(ids);
      for (const [id, track] of Object.entries(registry)) expect(track.id).toBe(id);
    }
  });
});
