import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveError } from './archive-error.ts';
import { extractArchive } from './extract-archive.ts';
import { packTar, packTarGz, tarBody, tarHeader } from './write-tar.ts';

let work: string;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'figboard-archive-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

const END = Buffer.alloc(1024);
const entry = (name: string, data: string | Buffer, type = '0') => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return Buffer.concat([
    tarHeader({
      name,
      size: type === '0' ? bytes.length : 0,
      type,
      linkname: type === '1' || type === '2' ? '/etc/passwd' : undefined,
    }),
    type === '0' ? tarBody(bytes) : Buffer.alloc(0),
  ]);
};

async function extract(bytes: Buffer, limits = {}) {
  const file = join(work, 'pkg');
  await writeFile(file, bytes);
  return extractArchive(file, join(work, 'out'), { limits });
}

async function refusal(bytes: Buffer, limits = {}): Promise<ArchiveError> {
  const err = await extract(bytes, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArchiveError);
  return err as ArchiveError;
}

/** Everything under `work` except the package itself and the extraction folder: must stay empty. */
async function strays(): Promise<string[]> {
  return (await readdir(work)).filter((n) => n !== 'pkg' && n !== 'out');
}

describe('extractArchive', () => {
  it('extracts a gzip tar with nested folders and reports the files sorted', async () => {
    const got = await extract(
      packTarGz([
        { path: 'main.tex', data: Buffer.from('\\documentclass{article}') },
        { path: 'figs/overview.pdf', data: Buffer.from('%PDF-1.4 fake') },
      ]),
    );
    expect(got).toEqual({ kind: 'tar.gz', files: ['figs/overview.pdf', 'main.tex'], bytes: 36 });
    expect(await readFile(join(work, 'out', 'figs', 'overview.pdf'), 'utf8')).toBe('%PDF-1.4 fake');
  });

  it('extracts a plain tar and a single gzip file, recognises a PDF', async () => {
    expect((await extract(packTar([{ path: 'a.tex', data: Buffer.from('x') }]))).kind).toBe('tar');
    await rm(join(work, 'out'), { recursive: true });
    expect(await extract(gzipSync(Buffer.from('\\documentclass{article}\n')))).toEqual({
      kind: 'gzip-single',
      files: ['main.tex'],
      bytes: 24,
    });
    await rm(join(work, 'out'), { recursive: true });
    expect(await extract(Buffer.from('%PDF-1.5\n...'))).toEqual({
      kind: 'pdf',
      files: [],
      bytes: 0,
    });
  });

  it('handles pax long paths', async () => {
    const long = `${'d'.repeat(80)}/${'e'.repeat(60)}/figure.png`;
    const got = await extract(packTarGz([{ path: long, data: Buffer.from('png') }]));
    expect(got.files).toEqual([long]);
  });

  it.each([
    ['path traversal', '../evil.tex', 'archive-unsafe-path'],
    ['deep traversal', 'figs/../../evil.tex', 'archive-unsafe-path'],
    ['absolute path', '/tmp/evil.tex', 'archive-unsafe-path'],
    ['backslash', '..\\evil.tex', 'archive-unsafe-path'],
  ])('refuses %s', async (_what, name, code) => {
    const err = await refusal(
      gzipSync(Buffer.concat([entry('ok.tex', 'fine'), entry(name, 'pwned'), END])),
    );
    expect(err.code).toBe(code);
    expect(await strays()).toEqual([]);
  });

  it('refuses a GNU long-name entry that traverses', async () => {
    const longName = Buffer.from('../../outside.tex\0');
    const bytes = Buffer.concat([
      tarHeader({ name: '././@LongLink', size: longName.length, type: 'L' }),
      tarBody(longName),
      entry('x.tex', 'pwned'),
      END,
    ]);
    expect((await refusal(bytes)).code).toBe('archive-unsafe-path');
    expect(await strays()).toEqual([]);
  });

  it.each([
    ['symlink', '2', 'archive-link'],
    ['hard link', '1', 'archive-link'],
    ['character device', '3', 'archive-special-file'],
    ['block device', '4', 'archive-special-file'],
    ['FIFO', '6', 'archive-special-file'],
    ['sparse file', 'S', 'archive-unsupported-entry'],
  ])('refuses a %s entry', async (_what, type, code) => {
    const err = await refusal(Buffer.concat([entry('fig.png', '', type), END]));
    expect(err.code).toBe(code);
  });

  it('refuses the same path twice and a file used as a folder', async () => {
    expect(
      (await refusal(Buffer.concat([entry('a.tex', '1'), entry('a.tex', '2'), END]))).code,
    ).toBe('archive-duplicate-entry');
    await rm(join(work, 'out'), { recursive: true, force: true });
    expect((await refusal(Buffer.concat([entry('a', '1'), entry('a/b.tex', '2'), END]))).code).toBe(
      'archive-duplicate-entry',
    );
  });

  it('refuses too many entries', async () => {
    const files = Array.from({ length: 150 }, (_, i) => ({
      path: `f${i}.tex`,
      data: Buffer.from('x'),
    }));
    const err = await refusal(packTarGz(files), { maxEntries: 100 });
    expect(err.code).toBe('archive-too-many-entries');
    expect(err.describe()).toContain('≤ 100');
  });

  it('refuses an entry whose declared size is over the limit before reading it', async () => {
    const bytes = Buffer.concat([
      tarHeader({ name: 'huge.tex', size: 4 * 1024 * 1024 * 1024 }),
      Buffer.alloc(512),
    ]);
    expect((await refusal(bytes)).code).toBe('archive-entry-too-large');
  });

  it('stops a gzip bomb as soon as it inflates past the limit', async () => {
    // 200 MB of zeros in one tar entry compresses to ~200 KB; the limit is 32 MB.
    const gzip = createGzip({ level: 1 });
    const chunks: Buffer[] = [];
    gzip.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((r) => gzip.on('end', r));
    gzip.write(tarHeader({ name: 'bomb.tex', size: 200 * 1024 * 1024 }));
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    for (let i = 0; i < 50; i++) gzip.write(zeros);
    gzip.end(Buffer.alloc(1024));
    await done;
    const started = performance.now();
    const err = await refusal(Buffer.concat(chunks), { maxInflatedBytes: 32 * 1024 * 1024 });
    expect(err.code).toBe('archive-inflated-too-large');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses truncated and corrupt input', async () => {
    const good = packTarGz([{ path: 'main.tex', data: Buffer.alloc(5000, 0x41) }]);
    expect((await refusal(good.subarray(0, good.length - 20))).code).toBe('archive-truncated');
    await rm(join(work, 'out'), { recursive: true, force: true });
    // The second header's name changes, so its stored checksum no longer matches. (A bad
    // *first* header inside gzip reads as a one-file gzip package, which is what arXiv serves.)
    const tar = packTar([
      { path: 'main.tex', data: Buffer.from('x') },
      { path: 'fig.pdf', data: Buffer.from('y') },
    ]);
    tar[1024] = 0x4e;
    expect((await refusal(gzipSync(tar))).code).toBe('archive-corrupt');
    await rm(join(work, 'out'), { recursive: true, force: true });
    const cut = packTar([{ path: 'main.tex', data: Buffer.alloc(2000, 0x41) }]).subarray(0, 1024);
    expect((await refusal(cut)).code).toBe('archive-truncated');
    await rm(join(work, 'out'), { recursive: true, force: true });
    expect((await refusal(Buffer.from('PK\u0003\u0004 a zip, not a tar'))).code).toBe(
      'archive-unknown-format',
    );
  });

  it('refuses an archive file over the compressed size limit without reading it', async () => {
    expect(
      (
        await refusal(packTarGz([{ path: 'a.tex', data: Buffer.alloc(100) }]), {
          maxCompressedBytes: 10,
        })
      ).code,
    ).toBe('archive-too-large');
  });
});
