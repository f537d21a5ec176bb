import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTar } from './write-tar.ts';

const run = promisify(execFile);
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'figboard-bomb-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Streams `chunks` × 16 MiB of zeros after `head` into a gzip file (≈1 MB on disk). */
async function gzipBomb(file: string, head: Buffer, chunks: number): Promise<void> {
  const gz = createGzip({ level: 1 });
  const out = createWriteStream(file);
  gz.pipe(out);
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  const write = (b: Buffer) =>
    gz.write(b) ? Promise.resolve() : new Promise<void>((r) => gz.once('drain', () => r()));
  await write(head);
  for (let i = 0; i < chunks; i++) await write(zeros);
  gz.end();
  await new Promise<void>((r) => out.on('close', () => r()));
}

describe('gzip bomb with default limits, in a separate process', () => {
  it('a package inflating past 1 GiB is refused in bounded time and memory, writing only the real files', async () => {
    const bomb = join(work, 'bomb.tar.gz');
    // A valid small tar, then 1.125 GiB of zeros after its end: the reader must keep inflating
    // (to check the gzip trailer) and stop at the 1 GiB limit without buffering.
    await gzipBomb(
      bomb,
      packTar([{ path: 'main.tex', data: Buffer.from('\\documentclass{article}') }]),
      72,
    );
    const script = join(work, 'run.mts');
    await writeFile(
      script,
      `import { extractArchive } from ${JSON.stringify(join(import.meta.dirname, 'extract-archive.ts'))};
const t = performance.now();
let code = 'none';
try { await extractArchive(${JSON.stringify(bomb)}, ${JSON.stringify(join(work, 'out'))}); } catch (e) { code = e.code; }
console.log(JSON.stringify({ code, ms: performance.now() - t, maxRssKb: process.resourceUsage().maxRSS }));
`,
    );
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
      cwd: join(import.meta.dirname, '..', '..', '..'),
      timeout: 60_000,
    });
    const r = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(r.code).toBe('archive-inflated-too-large');
    expect(r.ms).toBeLessThan(5000);
    expect(r.maxRssKb).toBeLessThan(200 * 1024);
    expect(await readdir(join(work, 'out'))).toEqual(['main.tex']);
  });
});
