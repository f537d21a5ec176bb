import { sha256 } from './sha256.ts';
import { stableStringify } from './stable-stringify.ts';

/**
 * Content hash of everything that decides a record: file hashes, judge settings, rubric weights,
 * evaluator version. Two runs with the same inputs get the same hash, so a resumed run can skip
 * work already recorded. Never put a timestamp in here.
 */
export function hashInputs(parts: Record<string, unknown>): string {
  return sha256(stableStringify(parts));
}
