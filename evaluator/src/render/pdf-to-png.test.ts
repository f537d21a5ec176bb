import { describe, expect, it } from 'vitest';
import { effectiveDpi, parsePdfInfo, readPngSize } from './pdf-to-png.ts';

describe('parsePdfInfo', () => {
  it('reads pages and first-page size from pdfinfo output', () => {
    const text =
      'Producer:        LibreOffice 7.4\nTagged:          no\nPages:           2\nEncrypted:       no\nPage size:       960.009 x 403.2 pts\nPDF version:     1.6\n';
    expect(parsePdfInfo(text)).toEqual({ pages: 2, widthPts: 960.009, heightPts: 403.2 });
    expect(parsePdfInfo('Syntax Error: garbage\n')).toBeNull();
  });
});

describe('effectiveDpi', () => {
  it('keeps the requested dpi for a normal slide and lowers it for a huge page', () => {
    expect(effectiveDpi({ pages: 1, widthPts: 960, heightPts: 540 }, 150, 40_000_000)).toBe(150);
    // A 56-inch square slide at 300 dpi would be 282 MP; the cap brings it to ~40 MP.
    const dpi = effectiveDpi({ pages: 1, widthPts: 56 * 72, heightPts: 56 * 72 }, 300, 40_000_000);
    expect(dpi).toBe(112);
    expect((56 * dpi) ** 2).toBeLessThanOrEqual(40_000_000);
  });
});

describe('readPngSize', () => {
  it('reads IHDR and refuses non-PNG bytes', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000005360000023000', 'hex');
    expect(readPngSize(png)).toEqual({ width: 1334, height: 560 });
    expect(readPngSize(Buffer.from('GIF89a........................'))).toBeNull();
  });
});
