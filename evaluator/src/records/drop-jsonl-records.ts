import { stat } from 'node:fs/promises';
import type { z } from 'zod';
import { stableStringify } from '../util/stable-stringify.ts';
import { writeFileAtomic } from '../util/write-file-atomic.ts';
import { readJsonl } from './jsonl-file.ts';

/**
 * Removes the records `drop` selects from a JSONL file (atomically; a missing file is left
 * alone). Used when records can no longer be vouched for, e.g. a hidden task whose artifact
 * changed while the run had no suite key to score it again. Returns how many were removed.
 */
export async function dropJsonlRecords<S extends z.ZodType>(
  path: string,
  schema: S,
  drop: (r: z.infer<S>) => boolean,
): Promise<number> {
  try {
    await stat(path);
  } catch {
    return 0;
  }
  const { records } = await readJsonl(path, schema);
  const kept = records.filter((r) => !drop(r));
  if (kept.length === records.length) return 0;
  await writeFileAtomic(path, kept.map((r) => `${stableStringify(r)}\n`).join(''));
  return records.length - kept.length;
}
