import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../../image/decode-image.ts';
import { shape, SLIDE } from './slide-fixtures.testkit.ts';
import { findUnseenContent } from './visible-content.ts';

/** A white render of the 2:1 test slide, 1000 × 500 px (1 px per source pixel of the fixtures). */
function whiteRender(): RgbImage {
  return { width: 1000, height: 500, data: new Uint8Array(1000 * 500 * 3).fill(255) };
}
function paint(img: RgbImage, x0: number, y0: number, x1: number, y1: number, rgb: number[]) {
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) img.data.set(rgb, (y * img.width + x) * 3);
}

describe('findUnseenContent', () => {
  it('credits a label only where its box holds text ink, a shape only where its frame holds ink', () => {
    const objects = [shape('2', 'Encoder', 100, 100), shape('3', 'Decoder', 400, 100)];
    // Nothing drawn (a white cover over everything): neither label nor box shows.
    expect(findUnseenContent(objects, whiteRender(), SLIDE)).toEqual({
      text: new Set(['2', '3']),
      shapes: new Set(['2', '3']),
    });
    // Box 2 drawn with a dark outline and glyph-like strokes inside; box 3 a pale fill only.
    const img = whiteRender();
    paint(img, 100, 100, 260, 160, [0, 0, 0]);
    paint(img, 101, 101, 259, 159, [255, 255, 255]);
    for (let x = 120; x < 240; x += 4) paint(img, x, 118, x + 2, 142, [0, 0, 0]);
    paint(img, 400, 100, 560, 160, [218, 232, 252]);
    const unseen = findUnseenContent(objects, img, SLIDE);
    expect(unseen.text).toEqual(new Set(['3']));
    expect(unseen.shapes).toEqual(new Set());
  });
});
