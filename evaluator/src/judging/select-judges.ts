import type { LoadedConfig, ResolvedJudge } from '../config/load-config.ts';
import { UsageError } from '../errors/index.ts';
import type { TrackId } from '../tracks/track.ts';

export interface JudgeSelection {
  config: LoadedConfig;
  /** `--judges` ids (empty or absent: every runnable judge of the config). */
  judges?: readonly string[] | undefined;
  /** `--runs`, checked here. */
  runs?: number | undefined;
  log: (line: string) => void;
}

/** What a track asks of the selection. */
export interface TrackJudges {
  track: TrackId;
  /** `metric` names the track's deterministic channel (always run): only LLM judges are selected. */
  metricIsChannel: boolean;
  /** The line for a judge left out because its `tracks` do not include this track. */
  otherTrackLine: (id: string) => string;
}

/**
 * THE judge selection of both tracks: the judges named by `--judges` (an unknown id is a usage
 * error listing the known ones; a configured judge whose key is unset is skipped with a line), or
 * every runnable one; then those whose `tracks` include the track (the metric judge always).
 */
export function selectJudges(selection: JudgeSelection, wanted: TrackJudges): ResolvedJudge[] {
  const { config, log } = selection;
  const { track, metricIsChannel } = wanted;
  const eligible = metricIsChannel ? config.judges.filter((j) => j.kind === 'llm') : config.judges;
  const known = new Map<string, ResolvedJudge>(eligible.map((j) => [j.id, j]));
  const skipped = new Map(config.skipped.map((s) => [s.id, s]));
  let chosen: ResolvedJudge[];
  if (selection.judges && selection.judges.length > 0) {
    chosen = [];
    for (const id of selection.judges) {
      if (metricIsChannel && id === 'metric') continue;
      const j = known.get(id);
      if (j) chosen.push(j);
      else if (skipped.has(id)) log(`judge ${id} skipped: ${skipped.get(id)!.reason}`);
      else
        throw new UsageError(`unknown judge "${id}"`, {
          code: 'judge-unknown',
          where: '--judges',
          expected: `one of ${[...(metricIsChannel ? ['metric'] : []), ...known.keys(), ...skipped.keys()].join(', ')}`,
          got: id,
        });
    }
  } else {
    chosen = eligible;
    for (const s of config.skipped) log(`judge ${s.id} skipped: ${s.reason}`);
  }
  if (selection.runs !== undefined && (!Number.isInteger(selection.runs) || selection.runs < 1)) {
    throw new UsageError('invalid number of runs', {
      where: '--runs',
      expected: 'an integer ≥ 1',
      got: String(selection.runs),
    });
  }
  return chosen.filter((j) => {
    if (j.kind === 'metric' || j.config.tracks.includes(track)) return true;
    log(wanted.otherTrackLine(j.id));
    return false;
  });
}
