import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors/figboard-error.ts';
import { processAlive } from './jsonl-file.ts';

/** The lock file's name inside a results folder. */
export const RESULTS_LOCK = '.evaluate.lock';

interface LockOwner {
  pid: number;
  host: string;
}

/**
 * Takes the one-writer lock of a results folder: records are appended and the files are
 * compacted at the end of a run, so a second `refig evaluate` on the same folder would
 * interleave its appends with the first one's compaction and silently drop records. The lock
 * is a file created exclusively; a lock left by a process that is gone (killed, or on this
 * host and no longer running) is taken over. Returns the release function.
 */
export async function lockResultsDir(resultsDir: string): Promise<() => Promise<void>> {
  await mkdir(resultsDir, { recursive: true });
  const path = join(resultsDir, RESULTS_LOCK);
  const me: LockOwner = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${JSON.stringify(me)}\n`);
      await handle.close();
      return async () => {
        const owner = await readOwner(path);
        if (owner?.pid === me.pid && owner.host === me.host) await rm(path, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = await readOwner(path);
    if (
      owner !== null &&
      owner.host === me.host &&
      (owner.pid === me.pid || processAlive(owner.pid))
    ) {
      throw new UsageError(`another refig evaluate (pid ${owner.pid}) is writing these results`, {
        code: 'results-locked',
        where: path,
        expected: 'one evaluator per results folder',
        got: `a running process ${owner.pid} holds the lock`,
        hint: 'wait for it to finish, or give this run its own folder with --out DIR',
      });
    }
    if (owner !== null && owner.host !== me.host) {
      throw new UsageError(`the results are locked by a process on host ${owner.host}`, {
        code: 'results-locked',
        where: path,
        expected: 'one evaluator per results folder',
        got: `pid ${owner.pid} on ${owner.host}`,
        hint: `if no evaluator runs there any more, delete ${path} and run again`,
      });
    }
    // A stale lock (its process is gone, or the file is unreadable): take it over.
    await rm(path, { force: true });
  }
  throw new UsageError('could not take the results lock', {
    code: 'results-locked',
    where: path,
    hint: `delete ${path} and run again`,
  });
}

async function readOwner(path: string): Promise<LockOwner | null> {
  try {
    const json = JSON.parse(await readFile(path, 'utf8')) as Partial<LockOwner>;
    return typeof json.pid === 'number' && typeof json.host === 'string'
      ? { pid: json.pid, host: json.host }
      : null;
  } catch {
    return null;
  }
}
