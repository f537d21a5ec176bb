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

const MiB = 1024 * KiB;

/**
 * Files a task folder may hold besides the track's own `ARTIFACT_FILES`: the `error.log` the
 * runner writes for a style task without `figure.py` (the refig track lists its own). Kept apart
 * for the same reason as `RUNNER_FILES`: a failure note is layout, never scored.
 */
export const RUNNER_TASK_FILES: Record<'refig' | 'style', readonly ArtifactFileRule[]> = {
  refig: [],
  style: [
    {
      name: 'error.log',
      maxBytes: 1 * MiB,
      what: 'what went wrong when the agent produced no figure.py',
    },
  ],
};
