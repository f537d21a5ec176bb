import JSZip from 'jszip';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { applyRenderedRasters } from '../audit/rendered-raster-cap.ts';
import { auditPptx } from '../audit/audit-pptx.ts';
import { effectiveCap } from '../audit/flattening-cap.ts';
import { buildDeck, IMAGE_REL, sp, TINY_PNG } from '../pptx/test-support/build-deck.ts';
import { compareTwinRenders } from './compare-twin-renders.ts';
import { imageFreeTwin, TWIN_FILL } from './image-free-twin.ts';

const page = (w: number, h: number, paint?: (x: number, y: number) => boolean): PNG => {
  const png = new PNG({ width: w, height: h });
  png.data.fill(255);
  if (paint)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        if (paint(x, y)) {
          const k = (y * w + x) * 4;
          png.data[k] = TWIN_FILL.r;
          png.data[k + 1] = TWIN_FILL.g;
          png.data[k + 2] = TWIN_FILL.b;
        }
  return png;
};

describe('compareTwinRenders', () => {
  it('measures the changed share and its regions as page fractions', () => {
    // The twin shows magenta where the real render showed a white-background picture (left half).
    const r = compareTwinRenders(
      page(256, 128),
      page(256, 128, (x) => x < 128),
    );
    expect(r).toEqual({ coverage: 0.5, regions: [{ x: 0, y: 0, w: 0.5, h: 1 }] });
  });

  it('keeps separate pictures apart, largest first, and ignores small colour noise', () => {
    const twin = page(256, 128, (x, y) => (x < 64 && y < 64) || (x >= 192 && y >= 96));
    const real = page(256, 128);
    real.data[0] = 230; // anti-aliasing: within tolerance
    expect(compareTwinRenders(real, twin)).toEqual({
      coverage: 0.1875,
      regions: [
        { x: 0, y: 0, w: 0.25, h: 0.5 },
        { x: 0.75, y: 0.75, w: 0.25, h: 0.25 },
      ],
    });
    expect(compareTwinRenders(real, page(256, 128))).toEqual({ coverage: 0, regions: [] });
  });

  it('refuses to compare pages of different sizes', () => {
    expect(compareTwinRenders(page(10, 10), page(10, 11))).toBeNull();
  });
});

describe('imageFreeTwin', () => {
  it('replaces every image part, including one only an image relationship names', async () => {
    const deck = await buildDeck({
      slideRels: [
        IMAGE_REL,
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="../hidden.bin"/>',
      ],
      extraParts: { 'ppt/media/image1.png': TINY_PNG, 'ppt/hidden.bin': TINY_PNG },
    });
    const twin = await JSZip.loadAsync(imageFreeTwin(deck)!);
    for (const name of ['ppt/media/image1.png', 'ppt/hidden.bin']) {
      const png = PNG.sync.read(Buffer.from(await twin.file(name)!.async('uint8array')));
      expect([png.width, ...png.data.subarray(0, 3)], name).toEqual([1, 255, 0, 255]);
    }
    const original = await JSZip.loadAsync(deck);
    expect(await twin.file('ppt/slides/slide1.xml')!.async('string')).toBe(
      await original.file('ppt/slides/slide1.xml')!.async('string'),
    );
  });

  it('is null for a deck without images (no second render)', async () => {
    expect(imageFreeTwin(await buildDeck())).toBeNull();
  });
});

describe('applyRenderedRasters', () => {
  const labels = Array.from({ length: 6 }, (_, i) =>
    sp({
      id: 20 + i,
      frame: { x: 500000 + i * 1800000, y: 3000000, cx: 1500000, cy: 600000 },
      text: `m${i}`,
    }),
  ).join('');

  it('caps by the larger coverage and runs the underlay rule on rendered regions', async () => {
    const few = await auditPptx('d.pptx', await buildDeck({ slides: [labels.slice(0, 0)] }));
    expect(effectiveCap(applyRenderedRasters(few, { coverage: 0.9, regions: [] }))).toBe(50);
    expect(few.renderedRasterCoverage).toBe(0.9);
    const many = await auditPptx('d.pptx', await buildDeck({ slides: [labels] }));
    expect(
      effectiveCap(applyRenderedRasters(structuredClone(many), { coverage: 0.9, regions: [] })),
    ).toBe(100);
    const under = applyRenderedRasters(many, {
      coverage: 0.9,
      regions: [{ x: 0, y: 0, w: 1, h: 1 }],
    });
    expect(under.flags.find((f) => f.code === 'raster-underlay')?.target).toBe('render');
    expect(effectiveCap(under)).toBe(50);
  });

  it('changes nothing when the render measured no raster', async () => {
    const audit = await auditPptx('d.pptx', await buildDeck({ slides: [labels] }));
    const before = structuredClone(audit);
    expect(applyRenderedRasters(audit, undefined)).toEqual(before);
    expect(applyRenderedRasters(audit, null)).toEqual(before);
  });
});
