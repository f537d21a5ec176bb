import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MEDIUM_WIDTH, THUMB_WIDTH, withMedium } from '../data/plan-media.ts';
import { prepareThumbnails, publishMedia } from './publish-media.ts';

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

it('makes a medium rendition for wide images only, the same bytes every time, cached like the thumbnail', async () => {
  const wide = join(dir, 'wide.png');
  // noise, so the resize has detail to get right and the JPEG cannot be trivially small
  const raw = Buffer.alloc(2400 * 900 * 3);
  for (let i = 0, x = 7; i < raw.length; i++)
    raw[i] = (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 24;
  await writeFile(
    wide,
    await sharp(raw, { raw: { width: 2400, height: 900, channels: 3 } })
      .png()
      .toBuffer(),
  );
  const corrupt = join(dir, 'corrupt-wide.png');
  await writeFile(corrupt, 'not an image');
  const plan = (src: string, i: number, width: number) =>
    withMedium({ src, full: `w/${i}.png`, thumb: `w/${i}.thumb.jpg` }, width);
  const items = [plan(wide, 0, 2400), plan(corrupt, 1, 2400)];
  expect(items[0]!.medium).toBe(`w/0.w${MEDIUM_WIDTH}.jpg`);
  // no medium for an image no wider than it, nor for one of unknown width
  expect(plan(wide, 2, MEDIUM_WIDTH).medium).toBeUndefined();
  expect(
    withMedium({ src: wide, full: 'a.png', thumb: 'a.thumb.jpg' }, undefined).medium,
  ).toBeUndefined();

  const outs: Buffer[] = [];
  for (const run of ['a', 'b']) {
    const cache = join(dir, `cache-${run}`);
    const index = await prepareThumbnails(items, cache);
    expect([index.computed, index.cached]).toEqual([2, 0]); // thumbnail + medium of `wide`
    const out = join(dir, `out-${run}`);
    expect(await publishMedia(items, out, index)).toMatchObject({ published: 1, failed: 1 });
    const medium = await readFile(join(out, items[0]!.medium!));
    const meta = await sharp(medium).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', MEDIUM_WIDTH, 375]);
    // the corrupt image's medium is a placeholder too, never a missing file
    expect((await sharp(join(out, items[1]!.medium!)).metadata()).width).toBe(160);
    outs.push(medium);
    const again = await prepareThumbnails(items, cache);
    expect([again.computed, again.cached]).toEqual([0, 2]);
  }
  // two builds from empty caches: byte-identical renditions
  expect(outs[0]!.equals(outs[1]!)).toBe(true);
});
