import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import type { RenderedRasters } from '../schemas/audit-record.schema.ts';
import { round } from '../util/round.ts';

/** A channel difference above this is a different colour, not anti-aliasing or JPEG noise. */
const CHANNEL_TOLERANCE = 48;
/** Cells per page width of the grid raster regions are read on. */
const GRID_COLUMNS = 128;
/** A cell belongs to a region when at least this share of its pixels changed. */
const CELL_SHARE = 0.5;
/** Most regions kept (largest first), like the audit's picture regions. */
const MAX_REGIONS = 50;

/**
 * What the render owes to rasters, from the render of a deck and of its image-free twin (every
 * image a flat magenta pixel, see `image-free-twin.ts`): `coverage` is the share of the page's
 * pixels that differ, `regions` the connected areas of a coarse grid (cells of 1/128 of the page
 * width at least half changed) as page fractions, largest first. Null when the two renders differ
 * in size (nothing to compare pixel by pixel).
 */
export function compareTwinRenders(real: PNG, twin: PNG): RenderedRasters | null {
  const { width, height } = real;
  if (width !== twin.width || height !== twin.height || width === 0 || height === 0) return null;
  const cell = Math.max(2, Math.ceil(width / GRID_COLUMNS));
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const changedInCell = new Uint32Array(cols * rows);
  const a = real.data;
  const b = twin.data;
  let changed = 0;
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x++) {
      const k = (y * width + x) * 4;
      if (
        Math.abs(a[k]! - b[k]!) > CHANNEL_TOLERANCE ||
        Math.abs(a[k + 1]! - b[k + 1]!) > CHANNEL_TOLERANCE ||
        Math.abs(a[k + 2]! - b[k + 2]!) > CHANNEL_TOLERANCE
      ) {
        changed += 1;
        changedInCell[row + Math.floor(x / cell)]! += 1;
      }
    }
  }
  const marked = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const w = Math.min(cell, width - c * cell);
      const h = Math.min(cell, height - r * cell);
      if (changedInCell[r * cols + c]! >= CELL_SHARE * w * h) marked[r * cols + c] = 1;
    }
  return {
    coverage: round(changed / (width * height)),
    regions: regionsOf(marked, cols, rows, cell, width, height),
  };
}

/** Reads the two PNG files (the renderer wrote them) and compares them. */
export async function compareTwinRenderFiles(
  realPng: string,
  twinPng: string,
): Promise<RenderedRasters | null> {
  const [real, twin] = await Promise.all([readFile(realPng), readFile(twinPng)]);
  return compareTwinRenders(PNG.sync.read(real), PNG.sync.read(twin));
}

/** Connected marked cells (4-neighbours) as bounding boxes in page fractions. */
function regionsOf(
  marked: Uint8Array,
  cols: number,
  rows: number,
  cell: number,
  width: number,
  height: number,
): RenderedRasters['regions'] {
  const seen = new Uint8Array(marked.length);
  const boxes: Array<{ c0: number; r0: number; c1: number; r1: number; cells: number }> = [];
  const queue = new Int32Array(marked.length);
  for (let start = 0; start < marked.length; start++) {
    if (!marked[start] || seen[start]) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    const box = { c0: cols, r0: rows, c1: -1, r1: -1, cells: 0 };
    while (head < tail) {
      const i = queue[head++]!;
      const r = Math.floor(i / cols);
      const c = i - r * cols;
      box.cells += 1;
      box.c0 = Math.min(box.c0, c);
      box.c1 = Math.max(box.c1, c);
      box.r0 = Math.min(box.r0, r);
      box.r1 = Math.max(box.r1, r);
      const next = [
        c > 0 ? i - 1 : -1,
        c < cols - 1 ? i + 1 : -1,
        r > 0 ? i - cols : -1,
        r < rows - 1 ? i + cols : -1,
      ];
      for (const j of next)
        if (j >= 0 && marked[j] && !seen[j]) {
          seen[j] = 1;
          queue[tail++] = j;
        }
    }
    boxes.push(box);
  }
  return boxes
    .map((b) => {
      const x0 = (b.c0 * cell) / width;
      const y0 = (b.r0 * cell) / height;
      const x1 = Math.min(1, ((b.c1 + 1) * cell) / width);
      const y1 = Math.min(1, ((b.r1 + 1) * cell) / height);
      return { x: round(x0), y: round(y0), w: round(x1 - x0), h: round(y1 - y0) };
    })
    .sort((p, q) => q.w * q.h - p.w * p.h || p.y - q.y || p.x - q.x)
    .slice(0, MAX_REGIONS);
}
