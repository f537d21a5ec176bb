import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { detectTextOverMarks } from './detect-text-over-marks.ts';
import type { IntrospectedText } from './introspection.schema.ts';

const W = 80;
const H = 30;
type Rgb = [number, number, number];
const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** A canvas filled with `fill(x, y)`: each test paints a text box at [10, 5, 60, 20]. */
function png(fill: (x: number, y: number) => Rgb): Buffer {
  const p = new PNG({ width: W, height: H });
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      const [r, g, b] = fill(x, y);
      p.data[i] = r;
      p.data[i + 1] = g;
      p.data[i + 2] = b;
      p.data[i + 3] = 255;
    }
  return PNG.sync.write(p);
}
const text = (color: string): IntrospectedText => ({
  role: 'annotation',
  axes: 0,
  text: '42',
  box: [10, 5, 60, 20],
  fontsize: 10,
  family: 'DejaVu Sans',
  weight: 'normal',
  style: 'normal',
  color,
  rotation: 0,
  clipOn: true,
  shown: true,
});
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const BLUE: Rgb = [31, 119, 180];
const GREY: Rgb = [153, 153, 153];
const inBox = (x: number, y: number) => x >= 10 && x < 70 && y >= 5 && y < 25;
/** "Glyph" pixels: every third column of the text box. */
const ink = (x: number, y: number) => inBox(x, y) && x % 3 === 0;

describe('detectTextOverMarks', () => {
  it('finds a data line drawn across a text', () => {
    const image = png((x, y) =>
      ink(x, y) ? BLACK : inBox(x, y) && y >= 12 && y < 18 ? BLUE : WHITE,
    );
    const d = detectTextOverMarks([text('#000000')], image, [hex(BLUE)], ['#ffffff']);
    expect(d).toHaveLength(1);
    expect(d[0]!.severity).toBe('major');
  });

  it('leaves a label drawn inside a bar alone: the bar is its background', () => {
    const image = png((x, y) => (ink(x, y) ? WHITE : x >= 5 && x < 75 ? BLUE : WHITE));
    expect(detectTextOverMarks([text('#ffffff')], image, [hex(BLUE)], ['#ffffff'])).toEqual([]);
  });

  it('still flags a text hidden under a mark (no ink of its own on top)', () => {
    const image = png((x) => (x >= 5 && x < 75 ? BLUE : WHITE));
    expect(detectTextOverMarks([text('#ffffff')], image, [hex(BLUE)], ['#ffffff'])).toHaveLength(1);
  });

  it('does not take the grey edges of black text on white for a grey series', () => {
    const image = png((x, y) => (ink(x, y) ? BLACK : inBox(x, y) && x % 3 === 1 ? GREY : WHITE));
    expect(detectTextOverMarks([text('#000000')], image, [hex(GREY)], ['#ffffff'])).toEqual([]);
  });
});
