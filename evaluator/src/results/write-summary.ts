import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { stableStringify } from '../util/stable-stringify.ts';
import { writeFileAtomic } from '../util/write-file-atomic.ts';
import { RESULT_FILES } from './results-layout.ts';

/**
 * THE writer of `results/summary.json`: pretty-printed with sorted keys, written atomically
 * (temp file + rename), so a reader never sees half a summary, whether the evaluator or the
 * Action's shard merge wrote it.
 */
export async function writeSummary(resultsDir: string, summary: unknown): Promise<void> {
  await mkdir(resultsDir, { recursive: true });
  await writeFileAtomic(join(resultsDir, RESULT_FILES.summary), `${stableStringify(summary, 2)}\n`);
}
