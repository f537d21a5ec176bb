// The tracks as plugins: the registry, the Track interface and what a track gives an agent.
export { findTrack, TRACKS, trackFor } from './registry.ts';
export { FIGMIRROR_INSTRUCTION } from './style/style-agent-task.ts';
export type { Track, TrackId } from './track.ts';
