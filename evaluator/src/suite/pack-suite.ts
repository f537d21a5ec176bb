import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packTarGz } from '../archive/write-tar.ts';
import { FigboardError, formatProblem } from '../errors/index.ts';
import { sha256 } from '../util/sha256.ts';
import { compareIds, loadSuite } from './load-suite.ts';

/**
 * Packs a suite's task folders into one deterministic `.tar.gz` (sorted entries, zero
 * timestamps and owners), the archive a remote suite's `"remote": {url, sha256}` points at.
 * Refuses a suite that does not load cleanly. Returns the archive's SHA-256.
 */
export async function packSuite(
  dir: string,
  outFile: string,
): Promise<{ sha256: string; bytes: number; files: number }> {
  const suite = await loadSuite(dir);
  if (!suite.ok || !suite.manifest) {
    const first = suite.problems.find((p) => p.severity === 'error');
    throw new FigboardError('the suite has errors; fix them before packing', {
      code: 'suite-invalid',
      where: dir,
      got: first ? formatProblem(first) : 'no suite.json',
    });
  }
  const files: { path: string; data: Buffer }[] = [];
  for (const { id } of suite.taskDirs) {
    const names = (await readdir(join(suite.tasksDir, id))).sort(compareIds);
    for (const name of names) {
      if (name === 'task.json' || name === 'truth.json' || /^source\.(png|jpe?g)$/.test(name)) {
        files.push({ path: `${id}/${name}`, data: await readFile(join(suite.tasksDir, id, name)) });
      }
    }
  }
  const archive = packTarGz(files);
  await writeFile(outFile, archive);
  return { sha256: sha256(archive), bytes: archive.length, files: files.length };
}
