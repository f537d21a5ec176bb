import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private copy of a folder (e.g. a suite) to tamper with; returns the copy's path. */
export async function copyToTemp(dir: string, name: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'figboard-'));
  const dest = join(root, name);
  await cp(dir, dest, { recursive: true });
  return dest;
}
