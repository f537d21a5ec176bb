import sharp from 'sharp';
import type { SeededRandom } from './seeded-random.ts';

/** A box of an overview-figure-like diagram, in normalised [0,1] coordinates. */
export interface DiagramBox {
  x: number;
  y: number;
  w: number;
  h: number;
  color: [number, number, number];
}

/** A diagram: boxes joined left-to-right by arrows (drawn as thin bars). */
export interface Diagram {
  boxes: DiagramBox[];
}

const PALETTE: [number, number, number][] = [
  [78, 121, 167],
  [242, 142, 43],
  [225, 87, 89],
  [118, 183, 178],
  [89, 161, 79],
  [237, 201, 72],
  [176, 122, 161],
  [156, 117, 95],
];

/** Makes a random diagram layout: 3–8 boxes on a 2-row grid. */
export function randomDiagram(rng: SeededRandom): Diagram {
  const n = rng.int(3, 8);
  const cols = Math.ceil(n / 2);
  const boxes: DiagramBox[] = [];
  for (let i = 0; i < n; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const cw = 1 / cols;
    boxes.push({
      x: col * cw + cw * (0.12 + rng.next() * 0.08),
      y: 0.1 + row * 0.45 + rng.next() * 0.06,
      w: cw * (0.55 + rng.next() * 0.15),
      h: 0.22 + rng.next() * 0.1,
      color: rng.pick(PALETTE),
    });
  }
  return { boxes };
}

/** A reconstruction of `d`: boxes jittered by `error` (0 = perfect), some colours changed. */
export function perturbDiagram(d: Diagram, error: number, rng: SeededRandom): Diagram {
  return {
    boxes: d.boxes.map((b) => ({
      x: Math.min(0.9, Math.max(0, b.x + rng.normal() * error * 0.05)),
      y: Math.min(0.7, Math.max(0, b.y + rng.normal() * error * 0.05)),
      w: Math.max(0.05, b.w * (1 + rng.normal() * error * 0.1)),
      h: Math.max(0.05, b.h * (1 + rng.normal() * error * 0.1)),
      color: rng.next() < error * 0.3 ? rng.pick(PALETTE) : b.color,
    })),
  };
}

/** Renders a diagram to PNG bytes: white canvas, filled boxes with "text" bars, arrows. */
export async function drawDiagramPng(d: Diagram, width: number, height: number): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 3, 255);
  const fill = (
    x0: number,
    y0: number,
    w: number,
    h: number,
    c: readonly [number, number, number],
  ) => {
    const xa = Math.max(0, Math.round(x0));
    const ya = Math.max(0, Math.round(y0));
    const xb = Math.min(width, Math.round(x0 + w));
    const yb = Math.min(height, Math.round(y0 + h));
    if (xb <= xa || yb <= ya) return;
    const row = Buffer.alloc((xb - xa) * 3);
    for (let i = 0; i < xb - xa; i++) row.set(c, i * 3);
    for (let y = ya; y < yb; y++) row.copy(px, (y * width + xa) * 3);
  };
  const dark: [number, number, number] = [40, 40, 40];
  d.boxes.forEach((b, i) => {
    const x = b.x * width;
    const y = b.y * height;
    const w = b.w * width;
    const h = b.h * height;
    fill(x - 2, y - 2, w + 4, h + 4, dark);
    fill(x, y, w, h, b.color);
    // two "text lines" inside the box
    fill(x + w * 0.15, y + h * 0.3, w * 0.7, Math.max(2, h * 0.1), [255, 255, 255]);
    fill(x + w * 0.2, y + h * 0.55, w * 0.5, Math.max(2, h * 0.1), [255, 255, 255]);
    const next = d.boxes[i + 1];
    if (next) {
      // an arrow from this box's right edge to the next box's left edge (or down a row)
      const ax = x + w;
      const ay = y + h / 2;
      const bx = next.x * width;
      const by = next.y * height + (next.h * height) / 2;
      if (bx > ax) {
        fill(ax, ay - 1, bx - ax, 3, dark);
        fill(bx - 8, ay - 5, 8, 11, dark);
      } else {
        fill(x + w / 2 - 1, y + h, 3, Math.max(0, by - (y + h)), dark);
      }
    }
  });
  return sharp(px, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
