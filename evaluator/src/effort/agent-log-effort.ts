import type { EffortRecord } from '../schemas/effort-record.schema.ts';

/** What `parseAgentLog` returns: an `EffortRecord` without the task/submission/inputHash the
 * evaluate pipeline adds. */
export type AgentLogEffort = Omit<EffortRecord, 'task' | 'submission' | 'inputHash'>;

/** Sums a list of optional counts; null when none is known. */
export function sumKnown(values: (number | undefined)[]): number | null {
  let total = 0;
  let known = false;
  for (const v of values) {
    if (v === undefined) continue;
    total += v;
    known = true;
  }
  return known ? total : null;
}
