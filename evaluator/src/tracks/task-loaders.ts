import { REFIG_TASK_LOADER } from './refig/load-refig-task.ts';
import { STYLE_TASK_LOADER } from './style/check-style-task.ts';
import type { TrackId, TrackTaskLoader } from './track.ts';

/**
 * Each track's task loader, for `loadSuite`: the `taskLoader` of every entry of `TRACKS`. The
 * suite loader sits below the tracks (their steps load suites), so it reads this leaf table
 * rather than the registry, which would make an import cycle (registry → track → loadSuite).
 */
export const TASK_LOADERS: Readonly<Record<TrackId, TrackTaskLoader>> = {
  refig: REFIG_TASK_LOADER,
  style: STYLE_TASK_LOADER,
};
