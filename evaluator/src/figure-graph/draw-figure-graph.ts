import sharp from 'sharp';
import { decodeImage } from '../image/decode-image.ts';
import type { FigureGraph } from '../schemas/figure-graph.schema.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Largest overlay width; bigger figures are drawn scaled down. */
const MAX_WIDTH = 2400;

/**
 * Draws a figure graph over its figure, for a person checking a draft: modules in blue, free
 * labels in green, groups in dashed orange with their captions, relations in red (directed,
 * with an arrowhead at `to`) or grey (undirected), each with its id or confidence. Returns PNG
 * bytes; the figure is faded so the drawing stands out.
 */
export async function drawFigureGraph(
  image: string | Uint8Array,
  graph: FigureGraph,
  where: string,
): Promise<Uint8Array> {
  const k = Math.min(1, MAX_WIDTH / graph.width);
  const W = Math.max(1, Math.round(graph.width * k));
  const H = Math.max(1, Math.round(graph.height * k));
  const base = await decodeImage(image, where, { width: W, height: H, fit: 'fill' });
  const font = Math.max(10, Math.round(Math.min(W, H) / 60));
  const s = (v: number) => (v * k).toFixed(1);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">`,
    '<defs><marker id="h" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#d62728"/></marker></defs>',
    `<rect width="${W}" height="${H}" fill="white" fill-opacity="0.45"/>`,
  ];
  for (const g of graph.groups) {
    const [x, y, w, h] = g.bbox;
    parts.push(
      `<rect x="${s(x)}" y="${s(y)}" width="${s(w)}" height="${s(h)}" fill="none" stroke="#ff7f0e" stroke-width="3" stroke-dasharray="10 6"/>`,
      `<text x="${s(x)}" y="${(y * k - 4).toFixed(1)}" font-family="DejaVu Sans" font-size="${font}" fill="#ff7f0e">${esc(`${g.id} ${g.text}`)} (${g.confidence.toFixed(2)})</text>`,
    );
  }
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  for (const n of graph.nodes) {
    const [x, y, w, h] = n.bbox;
    const colour = n.kind === 'module' ? '#1f77b4' : '#2ca02c';
    parts.push(
      `<rect x="${s(x)}" y="${s(y)}" width="${s(w)}" height="${s(h)}" fill="${colour}" fill-opacity="0.08" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${s(x + 2)}" y="${s(y + h)}" dy="${font}" font-family="DejaVu Sans" font-size="${font}" fill="${colour}">${esc(n.id)} ${n.confidence.toFixed(2)}</text>`,
    );
  }
  for (const e of graph.edges) {
    const a = byId.get(e.from);
    const b = byId.get(e.to);
    if (!a || !b) continue;
    const mid = (n: typeof a): [number, number] => [
      n.bbox[0] + n.bbox[2] / 2,
      n.bbox[1] + n.bbox[3] / 2,
    ];
    const p = e.start ?? mid(a);
    const q = e.end ?? mid(b);
    const colour = e.directed ? '#d62728' : '#7f7f7f';
    parts.push(
      `<line x1="${s(p[0])}" y1="${s(p[1])}" x2="${s(q[0])}" y2="${s(q[1])}" stroke="${colour}" stroke-width="3"${e.directed ? ' marker-end="url(#h)"' : ''}${e.dashed ? ' stroke-dasharray="8 5"' : ''}/>`,
      `<text x="${s((p[0] + q[0]) / 2)}" y="${s((p[1] + q[1]) / 2)}" dy="-4" font-family="DejaVu Sans" font-size="${font}" fill="${colour}">${e.confidence.toFixed(2)}</text>`,
    );
  }
  parts.push('</svg>');
  const png = await sharp(Buffer.from(base.data), { raw: { width: W, height: H, channels: 3 } })
    .composite([{ input: Buffer.from(parts.join('')), top: 0, left: 0 }])
    .png()
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.length);
}
