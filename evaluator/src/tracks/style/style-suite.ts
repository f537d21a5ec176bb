import { computeStyleStats } from '../../suite/compute-style-stats.ts';
import { formatStyleSuiteStats } from '../../suite/format-suite-stats.ts';
import type { TrackSuite } from '../track.ts';

/**
 * The style track's suite tooling: chart types by split (FigMirror Figures 5/8), variation
 * dimensions and licenses. Style tasks are checked file by file when the suite loads but loaded
 * by the style track, so `suite verify` counts their folders.
 */
export const STYLE_SUITE: TrackSuite = {
  manifestStats: () => ({ imageStats: null, fieldStats: null }),
  stats(suite, manifest) {
    const stats = computeStyleStats(suite.styleTasks);
    return {
      json: { ...stats },
      text: formatStyleSuiteStats(manifest, stats),
      covered: suite.styleTasks.length,
    };
  },
  verify: () => {},
  intactTasks: (suite, errors) => (errors > 0 ? '?' : String(suite.taskDirs.length)),
  verifiedText: () => 'task file hash and file verified',
  markTruthSealed: () => false,
};
