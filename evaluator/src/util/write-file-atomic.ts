import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes `path` through a temporary file (`<path>.tmp-<pid>`) and a rename, so a reader never
 * sees half a file; when the write fails (a full disk) the temporary file is removed and the
 * old file is left as it was. Files a killed process left behind are removed by
 * `removeStaleTempFiles` on the next run.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
