import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A file whose content is the target path of a symbolic link (for layout tests). */
export class Symlink {
  constructor(readonly target: string) {}
}

/** Content of one entry: text, bytes, a nested folder, or a symlink. */
type TestdirEntry = string | Uint8Array | Symlink | TestdirTree;
export interface TestdirTree {
  [name: string]: TestdirEntry;
}

/**
 * Builds a temporary folder from an object literal (changesets' `testdir` idea): keys are names,
 * strings/bytes are files, objects are folders. Keys may contain `/` to create nested paths in
 * one go. Returns the folder and a cleanup function.
 */
export async function testdir(
  tree: TestdirTree,
  prefix = 'figboard-test-',
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await writeTree(dir, tree);
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes `tree` below an existing folder. */
async function writeTree(dir: string, tree: TestdirTree): Promise<void> {
  for (const [name, entry] of Object.entries(tree)) {
    const path = join(dir, name);
    await mkdir(dirname(path), { recursive: true });
    if (typeof entry === 'string' || entry instanceof Uint8Array) await writeFile(path, entry);
    else if (entry instanceof Symlink) await symlink(entry.target, path);
    else {
      await mkdir(path, { recursive: true });
      await writeTree(path, entry);
    }
  }
}
