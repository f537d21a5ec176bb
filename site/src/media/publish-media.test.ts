import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareThumbnails, publishMedia, THUMB_WIDTH } from './publish-media.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-media-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A PNG whose header claims `w`×`h` pixels: a decompression bomb when large. */
function pngHeaderOnly(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

it('thumbnails real images, caches them by content, and refuses corrupt files and decompression bombs', async () => {
  const good = join(dir, 'good.png');
  await writeFile(
    good,
    await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer(),
  );
  const copy = join(dir, 'same-bytes.png');
  await writeFile(copy, await readFile(good));
  const corrupt = join(dir, 'corrupt.png');
  await writeFile(corrupt, 'not an image');
  const bomb = join(dir, 'bomb.png');
  await writeFile(bomb, pngHeaderOnly(60_000, 60_000));
  const items = [good, copy, corrupt, bomb].map((src, i) => ({
    src,
    full: `m/${i}.png`,
    thumb: `m/${i}.thumb.jpg`,
  }));
  const cache = join(dir, 'cache');

  const started = performance.now();
  const index = await prepareThumbnails(items, cache);
  expect(performance.now() - started).toBeLessThan(20_000);
  expect(index.computed).toBe(1); // identical bytes share one thumbnail
  expect(index.problems.map((p) => [p.rule, p.file.replace(dir, '')])).toEqual([
    ['image-unreadable', '/bomb.png'],
    ['image-unreadable', '/corrupt.png'],
  ]);
  expect(index.problems[0]!.message).toMatch(/pixel limit/i);

  const out = join(dir, 'out');
  const result = await publishMedia(items, out, index);
  expect(result).toMatchObject({ published: 2, failed: 2 });
  const meta = await sharp(join(out, 'm/0.thumb.jpg')).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', THUMB_WIDTH, 240]);
  expect((await readFile(join(out, 'm/0.png'))).equals(await readFile(good))).toBe(true);
  // failed images get a neutral placeholder instead of a broken link
  expect((await sharp(join(out, 'm/2.thumb.jpg')).metadata()).width).toBe(160);

  const again = await prepareThumbnails(items, cache);
  expect([again.computed, again.cached]).toEqual([0, 2]);
  expect((await readdir(cache)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});
