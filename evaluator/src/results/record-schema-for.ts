import type { z } from 'zod';
import { ArtifactRecord } from '../schemas/audit-record.schema.ts';
import { EffortRecord } from '../schemas/effort-record.schema.ts';
import { StyleRecord } from '../schemas/style-record.schema.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import { TRACKS } from '../tracks/registry.ts';
import { parseRunFilePath, RESULT_FILES } from './results-layout.ts';

/**
 * The record schema of a file under `results/`, by its path (one record per task in each), or
 * null for files that are not per-task JSONL records (renders, summary.json). A judge run file
 * holds the track's `judgmentRecordSchema` records (a style entry's: the LLM vision channel's
 * `StyleJudgmentRecord`s).
 */
export function recordSchemaFor(
  rel: string,
  track: SubmissionManifest['track'] = 'refig',
): z.ZodType<{ task: string }> | null {
  if (rel === RESULT_FILES.artifacts) return ArtifactRecord;
  if (rel === RESULT_FILES.effort) return EffortRecord;
  if (rel === RESULT_FILES.style) return StyleRecord;
  if (parseRunFilePath(rel)) return TRACKS[track].judgmentRecordSchema;
  return null;
}
