// Tracks as plugins: the Track interface, the registry and each track's steps.
export * from './registry.ts';
export * from './track.ts';
