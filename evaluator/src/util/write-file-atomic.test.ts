import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './write-file-atomic.ts';

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('replaces the file whole and leaves no temporary file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    const path = join(dir, 'out.json');
    await writeFileAtomic(path, 'a'.repeat(100_000));
    await writeFileAtomic(path, 'b'.repeat(50_000));
    expect(await readFile(path, 'utf8')).toBe('b'.repeat(50_000));
    expect(await readdir(dir)).toEqual(['out.json']);
  });

  it('fails without leaving a temporary file when the target cannot be replaced', async () => {
    dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    await mkdir(join(dir, 'target'));
    // renaming a file over a folder fails after the temporary file was written
    await expect(writeFileAtomic(join(dir, 'target'), 'y')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['target']);
  });
});
