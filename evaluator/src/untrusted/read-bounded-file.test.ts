import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBoundedFile } from './read-bounded-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'figboard-bounded-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readBoundedFile (untrusted/read-bounded-file.ts)', () => {
  it('reads a regular file of at most maxBytes, and refuses one byte more', async () => {
    writeFileSync(join(dir, 'ok.txt'), 'abcd');
    const ok = await readBoundedFile(join(dir, 'ok.txt'), 4);
    expect(ok.kind === 'ok' && ok.bytes.toString()).toBe('abcd');
    expect(await readBoundedFile(join(dir, 'ok.txt'), 3)).toEqual({ kind: 'too-large', size: 4 });
  });

  it('refuses a symbolic link without following it, even to a small regular file', async () => {
    writeFileSync(join(dir, 'target.txt'), 'secret');
    symlinkSync(join(dir, 'target.txt'), join(dir, 'link.txt'));
    expect(await readBoundedFile(join(dir, 'link.txt'), 1024)).toEqual({
      kind: 'not-a-file',
      link: true,
    });
  });

  it('says missing for nothing there and not-a-file for a folder', async () => {
    expect(await readBoundedFile(join(dir, 'nope.txt'), 10)).toEqual({ kind: 'missing' });
    mkdirSync(join(dir, 'folder'));
    expect(await readBoundedFile(join(dir, 'folder'), 10)).toEqual({
      kind: 'not-a-file',
      link: false,
    });
  });
});
