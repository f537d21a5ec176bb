import { deflateSync } from 'node:zlib';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FigboardError } from '../errors/index.ts';
import { alignForComparison } from './align-for-comparison.ts';
import { colourAgreement } from './colour-agreement.ts';
import { decodeImage, type RgbImage } from './decode-image.ts';
import { encodeDataUrl } from './encode-data-url.ts';
import { structuralSimilarity } from './structural-similarity.ts';

const SOURCE = join(import.meta.dirname, '../../../test/fixtures/calibration/fig01-000/source.png');
const white = (w: number, h: number): RgbImage => ({
  width: w,
  height: h,
  data: new Uint8Array(w * h * 3).fill(255),
});

/** A PNG whose header claims `w`×`h` pixels but whose data is tiny (a decompression-bomb shape). */
function claimedPng(w: number, h: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image comparison', () => {
  it('an image is structurally identical to itself; a blank slide is not similar to a figure', async () => {
    const { source } = await alignForComparison(SOURCE, SOURCE, { source: 's', render: 'r' });
    expect(structuralSimilarity(source, source).score).toBeCloseTo(1, 6);
    expect(colourAgreement(source, source).score).toBeCloseTo(1, 6);
    const blank = white(source.width, source.height);
    expect(structuralSimilarity(source, blank).score).toBeLessThan(0.1);
    expect(colourAgreement(source, blank).score).toBeLessThan(0.8);
    // Two blank images: nothing to compare, full agreement (and no division by zero).
    expect(structuralSimilarity(blank, blank)).toEqual({ score: 1, windows: 0 });
  });

  it('fits the source inside the render frame (aspect kept, white padding)', async () => {
    // A 16:9 "render" vs the 2.38:1 figure: the figure is letterboxed, not stretched.
    const render = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const { source, render: r } = await alignForComparison(SOURCE, render, {
      source: 's',
      render: 'r',
    });
    expect([source.width, source.height, r.width, r.height]).toEqual([400, 225, 400, 225]);
    // Top rows are padding.
    expect([...source.data.slice(0, 400 * 3 * 20)].every((v) => v === 255)).toBe(true);
  });

  it('refuses an image whose header claims too many pixels, before decoding it', async () => {
    const bomb = claimedPng(100_000, 100_000);
    const err = await decodeImage(bomb, 'bomb.png').catch((e) => e);
    expect(err).toBeInstanceOf(FigboardError);
    expect(err.code).toBe('image-too-large');
    expect(err.where).toBe('bomb.png');
    await expect(encodeDataUrl(bomb, 'bomb.png')).rejects.toMatchObject({
      code: 'image-unreadable',
    });
  });

  it('data URLs for judges are PNG, scaled down to fit 1568 px, and deterministic', async () => {
    const a = await encodeDataUrl(SOURCE, 's');
    expect(a.startsWith('data:image/png;base64,')).toBe(true);
    expect(await encodeDataUrl(SOURCE, 's')).toBe(a);
    const meta = await sharp(Buffer.from(a.slice(22), 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([1568, 659]);
  });
});
