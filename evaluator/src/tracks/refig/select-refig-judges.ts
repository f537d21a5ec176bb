import type { ResolvedJudge } from '../../config/load-config.ts';
import { UsageError } from '../../errors/index.ts';
import type { EvaluatePorts } from '../../evaluate/evaluate-ports.ts';
import { createJudgeRunner, type JudgeRunner } from '../../evaluate/judge-runner.ts';
import type { EvaluateOptions } from '../track.ts';

/** The refig track's judges: `--judges` or every runnable one, minus judges of the style track only. */
export function selectRefigJudges(options: EvaluateOptions, ports: EvaluatePorts): JudgeRunner[] {
  const config = options.config;
  const known = new Map<string, ResolvedJudge>(config.judges.map((j) => [j.id, j]));
  let chosen: ResolvedJudge[];
  if (options.judges && options.judges.length > 0) {
    const skipped = new Map(config.skipped.map((s) => [s.id, s]));
    chosen = [];
    for (const id of options.judges) {
      const j = known.get(id);
      if (j) chosen.push(j);
      else if (skipped.has(id)) ports.log(`judge ${id} skipped: ${skipped.get(id)!.reason}`);
      else {
        throw new UsageError(`unknown judge "${id}"`, {
          code: 'judge-unknown',
          where: '--judges',
          expected: `one of ${[...known.keys(), ...skipped.keys()].join(', ')}`,
          got: id,
        });
      }
    }
  } else {
    chosen = config.judges;
    for (const s of config.skipped) ports.log(`judge ${s.id} skipped: ${s.reason}`);
  }
  chosen = chosen.filter((j) => {
    if (j.kind === 'metric' || j.config.tracks.includes('refig')) return true;
    ports.log(`judge ${j.id} skipped: it judges the style track only (tracks: [style])`);
    return false;
  });
  if (options.runs !== undefined && (!Number.isInteger(options.runs) || options.runs < 1)) {
    throw new UsageError('invalid number of runs', {
      where: '--runs',
      expected: 'an integer ≥ 1',
      got: String(options.runs),
    });
  }
  return chosen.map((j) =>
    createJudgeRunner(
      j,
      config,
      { noTruth: options.noTruth ?? false, workers: options.workers },
      ports,
    ),
  );
}
