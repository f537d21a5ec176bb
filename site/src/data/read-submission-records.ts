import { join } from 'node:path';
import type { Problem } from '@figboard/evaluator/errors/index.ts';
import { readJsonl } from '@figboard/evaluator/records/jsonl-file.ts';
import { ArtifactRecord, EffortRecord } from '@figboard/evaluator/schemas/index.ts';
import { compactAudit, type CompactAudit } from './compact-audit.ts';

/** Per-task records of one submission that the task and submission pages show. */
export interface SubmissionRecords {
  audits: Map<string, CompactAudit | null>;
  effort: Map<string, EffortRecord>;
  problems: Problem[];
}

/**
 * Reads `submissions/<id>/results/artifacts.jsonl` and `effort.jsonl` with the shared JSONL
 * reader. Missing files are simply empty (a submission may not be evaluated yet); bad lines are
 * reported as problems and skipped, so one broken record never hides the others.
 */
export async function readSubmissionRecords(
  dataDir: string,
  submission: string,
): Promise<SubmissionRecords> {
  const dir = join(dataDir, 'submissions', submission, 'results');
  const [artifacts, effort] = await Promise.all([
    readJsonl(join(dir, 'artifacts.jsonl'), ArtifactRecord),
    readJsonl(join(dir, 'effort.jsonl'), EffortRecord),
  ]);
  const audits = new Map<string, CompactAudit | null>();
  // later lines win: the JSONL files are append-only, so the last record of a task is current
  for (const rec of artifacts.records) audits.set(rec.task, compactAudit(rec.audit));
  const effortByTask = new Map<string, EffortRecord>();
  for (const rec of effort.records) effortByTask.set(rec.task, rec);
  return { audits, effort: effortByTask, problems: [...artifacts.problems, ...effort.problems] };
}
