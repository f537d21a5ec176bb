import type { z } from 'zod';
import { ArtifactRecord } from '@figboard/evaluator/schemas/audit-record.schema.ts';
import { EffortRecord } from '@figboard/evaluator/schemas/effort-record.schema.ts';
import { JudgmentRecord } from '@figboard/evaluator/schemas/judgment-record.schema.ts';
import { StyleRecord } from '@figboard/evaluator/schemas/style-record.schema.ts';

/**
 * The record schema of a file under `results/`, by its path (one record per task in each), or
 * null for files that are not per-task JSONL records (renders, summary.json).
 */
export function recordSchemaFor(rel: string): z.ZodType<{ task: string }> | null {
  if (rel === 'artifacts.jsonl') return ArtifactRecord;
  if (rel === 'effort.jsonl') return EffortRecord;
  if (rel === 'style.jsonl') return StyleRecord;
  if (/^judgments\/[^/]+\/run-\d+\.jsonl$/.test(rel)) return JudgmentRecord;
  return null;
}
