import type { Problem } from '../../errors/problem.ts';
import type { TrackArtifacts } from '../track.ts';

/** What `refig validate` checks of a style task folder: the figure.py and the PNG it produced. */
export const STYLE_ARTIFACTS: TrackArtifacts = {
  output: 'figure.py',
  outputNoun: 'figure.py',
  checkOutput: async () => [],
  checkTaskFolder(has, folder) {
    const problems: Problem[] = [];
    if (!has.has('figure.py'))
      problems.push({
        severity: 'warning',
        rule: 'no-output',
        file: folder,
        message: 'no figure.py: the task scores 0',
      });
    else if (!has.has('output.png'))
      problems.push({
        severity: 'warning',
        rule: 'missing-png',
        file: folder,
        message: 'figure.py without the output.png it produced',
      });
    return problems;
  },
};
