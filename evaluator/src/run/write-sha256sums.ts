import { readdir, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { sha256File } from '../util/sha256.ts';
import { ARTIFACTS_DIR } from '../validate/submission-rules.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/**
 * Writes `<submission>/SHA256SUMS` over every file under `artifacts/`: the same bytes as
 * `find artifacts -type f | LC_ALL=C sort | xargs sha256sum` (paths in code-unit order, two
 * spaces between hash and path). Returns the number of files listed.
 */
export async function writeSha256Sums(submissionDir: string): Promise<number> {
  const files: string[] = [];
  const walk = async (rel: string) => {
    const entries = await readdir(join(submissionDir, rel), { withFileTypes: true });
    for (const e of entries) {
      const path = posix.join(rel, e.name);
      if (e.isDirectory()) await walk(path);
      else if (e.isFile()) files.push(path);
    }
  };
  await walk(ARTIFACTS_DIR);
  files.sort((a, b) => compareCodeUnits(a, b));
  const lines: string[] = [];
  for (const f of files) lines.push(`${await sha256File(join(submissionDir, f))}  ${f}`);
  await writeFile(join(submissionDir, 'SHA256SUMS'), lines.length ? `${lines.join('\n')}\n` : '');
  return files.length;
}
