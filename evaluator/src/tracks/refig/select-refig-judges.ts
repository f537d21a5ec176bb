import type { EvaluatePorts } from '../../evaluate/evaluate-ports.ts';
import { createJudgeRunner, type JudgeRunner } from '../../evaluate/judge-runner.ts';
import { selectJudges } from '../../judging/select-judges.ts';
import type { EvaluateOptions } from '../track.ts';

/** The refig track's judges (metric and LLM judges of the refig track), ready to run. */
export function selectRefigJudges(options: EvaluateOptions, ports: EvaluatePorts): JudgeRunner[] {
  const chosen = selectJudges(
    { config: options.config, judges: options.judges, runs: options.runs, log: ports.log },
    {
      track: 'refig',
      metricIsChannel: false,
      otherTrackLine: (id) =>
        `judge ${id} skipped: it judges the style track only (tracks: [style])`,
    },
  );
  return chosen.map((j) =>
    createJudgeRunner(
      j,
      options.config,
      { noTruth: options.noTruth ?? false, workers: options.workers },
      ports,
    ),
  );
}
