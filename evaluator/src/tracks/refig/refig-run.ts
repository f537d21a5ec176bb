import type { LoadedConfig } from '../../config/load-config.ts';
import type { EvaluatePorts } from '../../evaluate/evaluate-ports.ts';
import type { SubmissionManifest } from '../../schemas/submission.schema.ts';
import type { ScorerVersions } from '../../scorers/scorer-registry.ts';
import type { EvaluateOptions, EvaluateWork } from '../track.ts';
import type { RescoreLog } from '../../judging/rescore-log.ts';

/** What every step of the refig track reads and counts into (one per evaluate call). */
export interface RefigRun {
  options: EvaluateOptions;
  ports: EvaluatePorts;
  manifest: SubmissionManifest;
  submissionDir: string;
  resultsDir: string;
  suiteDir: string;
  artifactsDir: string;
  versions: ScorerVersions;
  scoring: LoadedConfig['scoring'];
  work: EvaluateWork;
  rescoring: RescoreLog;
}

export function latestByTask<T extends { task: string }>(records: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const r of records) map.set(r.task, r);
  return map;
}
