import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCodeUnits } from '../util/compare-code-units.ts';
import { parseRunFile, RESULT_FILES } from './results-layout.ts';

/**
 * The judges with run files under `<resultsDir>/judgments/` and their run numbers, judges in
 * code-unit order and runs ascending; a judge folder without a run file is left out. Empty when
 * there is no `judgments/` folder.
 */
export async function listJudgmentRuns(resultsDir: string): Promise<Map<string, number[]>> {
  const dir = join(resultsDir, RESULT_FILES.judgments);
  const out = new Map<string, number[]>();
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries
    .filter((x) => x.isDirectory())
    .sort((a, b) => compareCodeUnits(a.name, b.name))) {
    const files = await readdir(join(dir, e.name)).catch(() => [] as string[]);
    const runs = files
      .map(parseRunFile)
      .filter((r): r is number => r !== null)
      .sort((a, b) => a - b);
    if (runs.length > 0) out.set(e.name, runs);
  }
  return out;
}
