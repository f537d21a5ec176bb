import type { ArtifactFileRule } from './submission-rules.ts';

const KiB = 1024;

/**
 * Top-level files `refig run` writes besides the manifest and checksums. Kept apart from
 * `TOP_LEVEL_FILES` because the style scorers read `submission-rules.ts`: what the runner records
 * about a run is layout, never scored.
 */
export const RUNNER_FILES: readonly ArtifactFileRule[] = [
  {
    name: 'run.json',
    maxBytes: 256 * KiB,
    what: 'written by refig run: the suite, manifest and agent command the artifacts were made with',
  },
];
