import sharp from 'sharp';
import { decodeImage } from '../image/decode-image.ts';
import type { FigureGraph } from '../schemas/figure-graph.schema.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Largest overlay width; bigger figures are drawn scaled down. */
const MAX_WIDTH = 2400;

type Bbox = [number, number, number, number];

/** Which part of the figure to draw, and how. */
export interface DrawOptions {
  /** A crop of the figure in source pixels [x, y, w, h] (default: the whole figure). */
  region?: Bbox;
  /** Output width in pixels (default: the region's width, at most 2400; crops are zoomed to it). */
  width?: number;
  /** Draw a pixel grid every this many source pixels, each line labelled with its coordinate. */
  grid?: number;
  /** Label elements with their confidence (a draft) or not (checked truth: ids only). */
  confidences?: boolean;
}

/**
 * Draws a figure graph over its figure, for a person checking a draft or a truth: modules in
 * blue, free labels in green, groups in dashed orange with their captions, relations in red
 * (directed, with an arrowhead at `to`, at both ends when bidirectional) or grey (undirected),
 * each with its id. A relation at a group starts or ends at the group's box. With `region` it
 * draws a zoomed crop, and with `grid` a labelled pixel grid in source coordinates — the
 * annotation protocol's zoomed crops (suites' TRUTH.md). Returns PNG bytes; the figure is faded
 * so the drawing stands out.
 */
export async function drawFigureGraph(
  image: string | Uint8Array,
  graph: FigureGraph,
  where: string,
  options: DrawOptions = {},
): Promise<Uint8Array> {
  const region: Bbox = options.region ?? [0, 0, graph.width, graph.height];
  const [rx, ry, rw, rh] = region;
  const W = Math.max(1, Math.round(options.width ?? Math.min(rw, MAX_WIDTH)));
  const k = W / rw;
  const H = Math.max(1, Math.round(rh * k));
  const full = options.region === undefined;
  const base = full
    ? await decodeImage(image, where, { width: W, height: H, fit: 'fill' })
    : await decodeRegion(image, where, graph, region, W, H);
  const font = Math.max(11, Math.round(Math.min(W, H) / (full ? 60 : 45)));
  const X = (v: number) => ((v - rx) * k).toFixed(1);
  const Y = (v: number) => ((v - ry) * k).toFixed(1);
  const L = (v: number) => (v * k).toFixed(1);
  const conf = (c: number) => (options.confidences === false ? '' : ` ${c.toFixed(2)}`);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">`,
    '<defs>' +
      '<marker id="h" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#d62728"/></marker>' +
      '<marker id="t" viewBox="0 0 10 10" refX="1" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M10,0 L0,5 L10,10 z" fill="#d62728"/></marker>' +
      '</defs>',
    `<rect width="${W}" height="${H}" fill="white" fill-opacity="0.45"/>`,
  ];
  if (options.grid && options.grid > 0) parts.push(...gridLines(region, options.grid, k, W, H));
  for (const g of graph.groups) {
    const [x, y, w, h] = g.bbox;
    parts.push(
      `<rect x="${X(x)}" y="${Y(y)}" width="${L(w)}" height="${L(h)}" fill="none" stroke="#ff7f0e" stroke-width="3" stroke-dasharray="10 6"/>`,
      `<text x="${X(x)}" y="${((y - ry) * k - 4).toFixed(1)}" font-family="DejaVu Sans" font-size="${font}" fill="#ff7f0e">${esc(`${g.id} ${g.text}`)}${conf(g.confidence)}</text>`,
    );
  }
  const boxes = new Map<string, Bbox>([
    ...graph.groups.map((g) => [g.id, g.bbox] as const),
    ...graph.nodes.map((n) => [n.id, n.bbox] as const),
  ]);
  for (const n of graph.nodes) {
    const [x, y, w, h] = n.bbox;
    const colour = n.kind === 'module' ? '#1f77b4' : '#2ca02c';
    parts.push(
      `<rect x="${X(x)}" y="${Y(y)}" width="${L(w)}" height="${L(h)}" fill="${colour}" fill-opacity="0.08" stroke="${colour}" stroke-width="2"${n.parent ? ' stroke-dasharray="4 3"' : ''}/>`,
      `<text x="${X(x + 2)}" y="${Y(y + h)}" dy="${font}" font-family="DejaVu Sans" font-size="${font}" fill="${colour}">${esc(n.id)}${conf(n.confidence)}</text>`,
    );
  }
  for (const e of graph.edges) {
    const a = boxes.get(e.from);
    const b = boxes.get(e.to);
    if (!a || !b) continue;
    const mid = (n: Bbox): [number, number] => [n[0] + n[2] / 2, n[1] + n[3] / 2];
    const p = e.start ?? mid(a);
    const q = e.end ?? mid(b);
    const colour = e.directed ? '#d62728' : '#7f7f7f';
    const heads = e.directed
      ? ` marker-end="url(#h)"${e.bidirectional ? ' marker-start="url(#t)"' : ''}`
      : '';
    parts.push(
      `<line x1="${X(p[0])}" y1="${Y(p[1])}" x2="${X(q[0])}" y2="${Y(q[1])}" stroke="${colour}" stroke-width="3"${heads}${e.dashed ? ' stroke-dasharray="8 5"' : ''}/>`,
    );
    if (options.confidences !== false)
      parts.push(
        `<text x="${X((p[0] + q[0]) / 2)}" y="${Y((p[1] + q[1]) / 2)}" dy="-4" font-family="DejaVu Sans" font-size="${font}" fill="${colour}">${e.confidence.toFixed(2)}</text>`,
      );
  }
  parts.push('</svg>');
  const png = await sharp(Buffer.from(base.data), { raw: { width: W, height: H, channels: 3 } })
    .composite([{ input: Buffer.from(parts.join('')), top: 0, left: 0 }])
    .png()
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.length);
}

/** The region of the figure, decoded (alpha on white) and zoomed to W × H. */
async function decodeRegion(
  image: string | Uint8Array,
  where: string,
  graph: FigureGraph,
  region: Bbox,
  W: number,
  H: number,
): Promise<{ data: Uint8Array }> {
  const whole = await decodeImage(image, where, {
    width: graph.width,
    height: graph.height,
    fit: 'fill',
  });
  const left = Math.max(0, Math.floor(region[0]));
  const top = Math.max(0, Math.floor(region[1]));
  const width = Math.max(1, Math.min(graph.width - left, Math.round(region[2])));
  const height = Math.max(1, Math.min(graph.height - top, Math.round(region[3])));
  const data = await sharp(Buffer.from(whole.data), {
    raw: { width: graph.width, height: graph.height, channels: 3 },
  })
    .extract({ left, top, width, height })
    .resize(W, H, { fit: 'fill', kernel: 'nearest' })
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Grid lines every `step` source pixels across the region, labelled with their coordinate. */
function gridLines(region: Bbox, step: number, k: number, W: number, H: number): string[] {
  const [rx, ry, rw, rh] = region;
  const out: string[] = [];
  const label = 11;
  for (let x = Math.ceil(rx / step) * step; x <= rx + rw; x += step) {
    const px = ((x - rx) * k).toFixed(1);
    out.push(
      `<line x1="${px}" y1="0" x2="${px}" y2="${H}" stroke="#9467bd" stroke-width="1" stroke-opacity="0.55"/>`,
      `<text x="${px}" y="${label}" dx="2" font-family="DejaVu Sans" font-size="${label}" fill="#9467bd">${x}</text>`,
    );
  }
  for (let y = Math.ceil(ry / step) * step; y <= ry + rh; y += step) {
    const py = ((y - ry) * k).toFixed(1);
    out.push(
      `<line x1="0" y1="${py}" x2="${W}" y2="${py}" stroke="#9467bd" stroke-width="1" stroke-opacity="0.55"/>`,
      `<text x="2" y="${py}" dy="-2" font-family="DejaVu Sans" font-size="${label}" fill="#9467bd">${y}</text>`,
    );
  }
  return out;
}
