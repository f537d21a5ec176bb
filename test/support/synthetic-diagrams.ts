import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { createRng, type Rng } from '@figboard/evaluator/stats';
import type { Truth } from '@figboard/evaluator/schemas';

/**
 * Synthetic overview diagrams with known truth, drawn as SVG and rendered to PNG/JPEG by
 * librsvg (through sharp): boxes (outlined, filled, rounded, dark with light text), multi-line
 * labels, free labels, straight / elbow / dashed / bidirectional / undirected connectors with
 * filled or open arrowheads, groups with captions (nested too), then optional scaling, blur,
 * noise and JPEG compression. The yardstick of the figure-graph extractor's tests and bench:
 * `randomDiagramSpec(seed)` is deterministic, and a spec can be written by hand for one case.
 */

interface FontSpec {
  family: string;
  size: number;
  weight?: 'normal' | 'bold';
  style?: 'normal' | 'italic';
  color?: string;
}

export interface BoxSpec {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Lines of the label, top to bottom. */
  lines: string[];
  fill: string;
  /** Outline colour, null for none. */
  stroke: string | null;
  strokeWidth: number;
  /** Corner radius (0 = sharp). */
  rx: number;
  font: FontSpec;
}

/** Text with no shape: centred on (cx, cy). */
interface LabelSpec {
  id: string;
  cx: number;
  cy: number;
  lines: string[];
  font: FontSpec;
}

interface GroupSpec {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  caption: string;
  /** Caption inside the frame at its top left, or centred above it. */
  captionAt: 'inside' | 'above';
  captionFont: FontSpec;
  stroke: string;
  strokeWidth: number;
  dashed: boolean;
  fill: string;
  rx: number;
  /** Box and label ids inside. */
  members: string[];
}

export interface EdgeSpec {
  from: string;
  to: string;
  /** The drawn path from the `from` end to the `to` end (two points = straight, more = elbow). */
  points: [number, number][];
  /** Where arrowheads are drawn. */
  heads: 'end' | 'both' | 'none';
  headStyle: 'filled' | 'open';
  color: string;
  width: number;
  dashed: boolean;
}

interface PostSpec {
  /** Output pixels per spec unit. */
  scale: number;
  /** JPEG quality, or null for PNG. */
  jpegQuality: number | null;
  /** Gaussian blur sigma, 0 for none. */
  blur: number;
  /** Uniform pixel noise amplitude (0–255), 0 for none. */
  noise: number;
}

export interface DiagramSpec {
  id: string;
  width: number;
  height: number;
  background: string;
  boxes: BoxSpec[];
  labels: LabelSpec[];
  groups: GroupSpec[];
  edges: EdgeSpec[];
  post: PostSpec;
}

export interface RenderedDiagram {
  /** Encoded image bytes. */
  bytes: Uint8Array;
  format: 'png' | 'jpeg';
  /** Ground truth in output pixels (nodes: boxes then labels). */
  truth: Truth;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Rough advance width of a character (a fraction of the font size): enough for truth boxes. */
function textWidth(line: string, font: FontSpec): number {
  const per = /serif/i.test(font.family) && !/sans/i.test(font.family) ? 0.5 : 0.56;
  return line.length * per * font.size * (font.weight === 'bold' ? 1.08 : 1);
}

function textSvg(cx: number, cy: number, lines: string[], font: FontSpec): string {
  const gap = font.size * 1.2;
  return lines
    .map((line, i) => {
      const baseline = cy + (i - (lines.length - 1) / 2) * gap + 0.35 * font.size;
      return `<text x="${cx.toFixed(1)}" y="${baseline.toFixed(1)}" text-anchor="middle" font-family="${esc(font.family)}" font-size="${font.size}" font-weight="${font.weight ?? 'normal'}" font-style="${font.style ?? 'normal'}" fill="${font.color ?? '#111111'}">${esc(line)}</text>`;
    })
    .join('');
}

function labelBox(l: {
  cx: number;
  cy: number;
  lines: string[];
  font: FontSpec;
}): [number, number, number, number] {
  const w = Math.max(...l.lines.map((s) => textWidth(s, l.font)));
  const h = l.lines.length * l.font.size * 1.2;
  return [l.cx - w / 2, l.cy - h / 2, w, h];
}

function edgeSvg(e: EdgeSpec): string {
  const pts = e.points.map(([x, y]) => [x, y] as [number, number]);
  const headLen = Math.max(9, 3.5 * e.width + 6);
  const headHalf = headLen * 0.45;
  const parts: string[] = [];
  const head = (tip: [number, number], from: [number, number]) => {
    const dx = tip[0] - from[0];
    const dy = tip[1] - from[1];
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const bx = tip[0] - ux * headLen;
    const by = tip[1] - uy * headLen;
    const l: [number, number] = [bx - uy * headHalf, by + ux * headHalf];
    const r: [number, number] = [bx + uy * headHalf, by - ux * headHalf];
    if (e.headStyle === 'filled')
      parts.push(
        `<path d="M${tip[0].toFixed(1)},${tip[1].toFixed(1)} L${l[0].toFixed(1)},${l[1].toFixed(1)} L${r[0].toFixed(1)},${r[1].toFixed(1)} Z" fill="${e.color}"/>`,
      );
    else
      parts.push(
        `<path d="M${l[0].toFixed(1)},${l[1].toFixed(1)} L${tip[0].toFixed(1)},${tip[1].toFixed(1)} L${r[0].toFixed(1)},${r[1].toFixed(1)}" fill="none" stroke="${e.color}" stroke-width="${e.width}" stroke-linejoin="miter"/>`,
      );
  };
  // A filled head covers the last stretch of the line: stop the line under it.
  const shorten = (end: [number, number], prev: [number, number]): [number, number] => {
    if (e.headStyle !== 'filled') return end;
    const dx = end[0] - prev[0];
    const dy = end[1] - prev[1];
    const len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(headLen * 0.7, len / 2);
    return [end[0] - (dx / len) * cut, end[1] - (dy / len) * cut];
  };
  const line = [...pts];
  const n = line.length;
  if (e.heads !== 'none') line[n - 1] = shorten(pts[n - 1]!, pts[n - 2]!);
  if (e.heads === 'both') line[0] = shorten(pts[0]!, pts[1]!);
  parts.unshift(
    `<polyline points="${line.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(' ')}" fill="none" stroke="${e.color}" stroke-width="${e.width}"${e.dashed ? ` stroke-dasharray="${(3 * e.width + 4).toFixed(1)} ${(2 * e.width + 3).toFixed(1)}"` : ''} stroke-linejoin="miter"/>`,
  );
  if (e.heads !== 'none') head(pts[n - 1]!, pts[n - 2]!);
  if (e.heads === 'both') head(pts[0]!, pts[1]!);
  return parts.join('');
}

/** The SVG of a diagram in spec units. */
function diagramSvg(spec: DiagramSpec): string {
  const s = spec.post.scale;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(spec.width * s)}" height="${Math.round(spec.height * s)}" viewBox="0 0 ${spec.width} ${spec.height}">`,
    `<rect width="${spec.width}" height="${spec.height}" fill="${spec.background}"/>`,
  ];
  // Outer groups first, so nested frames draw on top of their parents.
  const groups = [...spec.groups].sort((a, b) => b.w * b.h - a.w * a.h);
  for (const g of groups) {
    out.push(
      `<rect x="${g.x}" y="${g.y}" width="${g.w}" height="${g.h}" rx="${g.rx}" fill="${g.fill}" stroke="${g.stroke}" stroke-width="${g.strokeWidth}"${g.dashed ? ` stroke-dasharray="${3 * g.strokeWidth + 5} ${2 * g.strokeWidth + 3}"` : ''}/>`,
    );
    if (g.caption) {
      const font = g.captionFont;
      if (g.captionAt === 'inside') {
        const w = textWidth(g.caption, font);
        out.push(textSvg(g.x + 10 + w / 2, g.y + 8 + font.size * 0.6, [g.caption], font));
      } else out.push(textSvg(g.x + g.w / 2, g.y - 6 - font.size * 0.6, [g.caption], font));
    }
  }
  for (const e of spec.edges) out.push(edgeSvg(e));
  for (const b of spec.boxes) {
    out.push(
      `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="${b.rx}" fill="${b.fill}"${b.stroke ? ` stroke="${b.stroke}" stroke-width="${b.strokeWidth}"` : ''}/>`,
      textSvg(b.x + b.w / 2, b.y + b.h / 2, b.lines, b.font),
    );
  }
  for (const l of spec.labels) out.push(textSvg(l.cx, l.cy, l.lines, l.font));
  out.push('</svg>');
  return out.join('');
}

/** The ground truth of a spec, in output pixels. */
function diagramTruth(spec: DiagramSpec): Truth {
  const s = spec.post.scale;
  const r = (v: number) => Math.round(v * s * 10) / 10;
  const box = (b: [number, number, number, number]): [number, number, number, number] => [
    r(b[0]),
    r(b[1]),
    r(b[2]),
    r(b[3]),
  ];
  const edges: Truth['edges'] = [];
  for (const e of spec.edges) {
    const start = e.points[0]!;
    const end = e.points[e.points.length - 1]!;
    const base = { dashed: e.dashed, color: e.color };
    const pt = (p: [number, number]): [number, number] => [r(p[0]), r(p[1])];
    if (e.heads === 'none')
      edges.push({
        from: e.from,
        to: e.to,
        directed: false,
        ...base,
        start: pt(start),
        end: pt(end),
      });
    else edges.push({ from: e.from, to: e.to, ...base, start: pt(start), end: pt(end) });
    if (e.heads === 'both')
      edges.push({ from: e.to, to: e.from, ...base, start: pt(end), end: pt(start) });
  }
  return {
    id: spec.id,
    width: Math.round(spec.width * s),
    height: Math.round(spec.height * s),
    nodes: [
      ...spec.boxes.map((b) => ({
        id: b.id,
        text: b.lines.join(' '),
        bbox: box([b.x, b.y, b.w, b.h]),
        kind: 'module' as const,
        fill: b.fill,
      })),
      ...spec.labels.map((l) => ({
        id: l.id,
        text: l.lines.join(' '),
        bbox: box(labelBox(l)),
        kind: 'label' as const,
      })),
    ],
    edges,
    groups: spec.groups.map((g) => ({
      id: g.id,
      text: g.caption,
      bbox: box([g.x, g.y, g.w, g.h]),
      members: g.members,
    })),
  };
}

/** Renders a spec to image bytes (librsvg through sharp) and its truth. */
export async function renderDiagram(spec: DiagramSpec): Promise<RenderedDiagram> {
  const { post } = spec;
  let raw = await sharp(Buffer.from(diagramSvg(spec)), { density: 72 })
    .flatten({ background: spec.background })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (post.blur > 0)
    raw = await sharp(raw.data, {
      raw: { width: raw.info.width, height: raw.info.height, channels: 3 },
    })
      .blur(post.blur)
      .raw()
      .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(raw.data);
  if (post.noise > 0) {
    const rng = createRng(hashString(spec.id));
    for (let i = 0; i < pixels.length; i++) {
      const v = pixels[i]! + Math.round((rng.next() * 2 - 1) * post.noise);
      pixels[i] = Math.max(0, Math.min(255, v));
    }
  }
  const img = sharp(Buffer.from(pixels), {
    raw: { width: raw.info.width, height: raw.info.height, channels: 3 },
  });
  const bytes =
    post.jpegQuality === null
      ? await img.png().toBuffer()
      : await img.jpeg({ quality: post.jpegQuality }).toBuffer();
  return {
    bytes: new Uint8Array(bytes),
    format: post.jpegQuality === null ? 'png' : 'jpeg',
    truth: diagramTruth(spec),
  };
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const MODULES = [
  'Image Encoder',
  'Text Encoder',
  'Cross-Attention',
  'Tokenizer',
  'Projection',
  'Q-Former',
  'Language Model',
  'Decoder',
  'Retriever',
  'Reranker',
  'Memory Bank',
  'Policy Network',
  'Reward Model',
  'Critic',
  'Value Head',
  'Patch Embedding',
  'Feature Pyramid',
  'Backbone',
  'Detection Head',
  'Contrastive Loss',
  'Distillation Loss',
  'Teacher Model',
  'Student Model',
  'Adapter',
  'Prompt Pool',
  'Codebook',
  'Quantizer',
  'VAE Decoder',
  'Diffusion UNet',
  'Noise Scheduler',
  'Sampler',
  'Planner',
  'Tool Executor',
  'Verifier',
  'Aggregator',
  'Fusion Module',
  'Classifier',
  'Embedding Table',
  'Positional Encoding',
  'Self-Attention',
  'MLP Block',
  'Layer Norm',
  'Router',
  'Mixture of Experts',
  'Gating Network',
  'Mask Predictor',
  'Readout',
  'Transformer Block',
  'Query Generator',
  'Scene Graph',
  'Depth Estimator',
];
const CAPTIONS = [
  'Encoder side',
  'Stage 1: Pretraining',
  'Inference',
  'Training',
  'Frozen',
  'Teacher branch',
  'Retrieval',
  'Generation',
  'Stage 2: Finetuning',
  'Online update',
];
const EDGE_WORDS = [
  'features',
  'tokens',
  'queries',
  'logits',
  'update',
  'samples',
  'embeddings',
  'masks',
];
const TITLES = ['Overview of the method', 'Training pipeline', 'System architecture'];
const FONTS = [
  'DejaVu Sans',
  'Liberation Sans',
  'Liberation Serif',
  'Noto Sans',
  'Carlito',
  'DejaVu Serif',
];
const PASTELS = [
  '#dae8fc',
  '#d5e8d4',
  '#ffe6cc',
  '#fff2cc',
  '#f8cecc',
  '#e1d5e7',
  '#f5f5f5',
  '#e8f4fa',
  '#fde9d9',
];
const DARKS = ['#1f77b4', '#2a6f97', '#6a3d9a', '#33a02c', '#b15928', '#444444'];
const LINE_COLOURS = [
  '#222222',
  '#333333',
  '#555555',
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#d6a000',
];

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)]!;
const between = (rng: Rng, lo: number, hi: number) => lo + rng.next() * (hi - lo);

/** Splits a module name into lines that fit the box width. */
function wrap(text: string, font: FontSpec, maxWidth: number): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && textWidth(next, font) > maxWidth) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

/**
 * A random overview diagram, the same for the same seed: a grid of 1–4 rows × 2–5 columns of
 * boxes (some cells empty) in one of four box styles, connectors between neighbours (straight
 * and Z- or L-shaped elbows, some dashed, bidirectional or undirected, filled or open heads),
 * groups around rows with a caption inside or above (sometimes a nested group), arrow captions
 * and a title as free labels, and a random scale / blur / noise / JPEG post-processing.
 */
export function randomDiagramSpec(seed: number): DiagramSpec {
  const rng = createRng(seed * 7919 + 17);
  const rows = 1 + rng.int(rng.next() < 0.15 ? 4 : 3);
  const cols = 2 + rng.int(4);
  const family = pick(rng, FONTS);
  const style = rng.int(4); // 0 outlined, 1 pastel + outline, 2 pastel only, 3 dark fill
  const rx = rng.next() < 0.5 ? 0 : Math.round(between(rng, 4, 18));
  const boxW = Math.round(between(rng, 150, 260));
  const boxH = Math.round(between(rng, 60, 110));
  const colGap = Math.round(between(rng, 90, 170));
  const fontSize = Math.round(between(rng, 15, 24));
  const margin = Math.round(between(rng, 40, 70));
  const title = rng.next() < 0.3 ? pick(rng, TITLES) : null;
  // Which rows are framed as a group (and with which caption placement) decides row spacing.
  const grouped = Array.from({ length: rows }, () => rng.next() < 0.35);
  // A caption above the frame only on the first row: lower rows have elbows in the gap above.
  const captionAt = grouped.map(
    (_, r) => (r === 0 && rng.next() < 0.5 ? 'above' : 'inside') as 'inside' | 'above',
  );
  const groupPad = Math.round(between(rng, 18, 30));
  const captionFont: FontSpec = {
    family,
    size: Math.max(13, fontSize - 3),
    style: rng.next() < 0.5 ? 'italic' : 'normal',
    weight: rng.next() < 0.3 ? 'bold' : 'normal',
    color: '#222222',
  };
  const nested = grouped.map((g) => g && cols >= 3 && rng.next() < 0.35);
  const innerPad = 12;
  const innerCaption: FontSpec = { family, size: 13, style: 'italic', color: '#333333' };
  const topRoom = (r: number) =>
    grouped[r]
      ? groupPad +
        (captionAt[r] === 'inside' ? captionFont.size + 12 : 0) +
        (nested[r] ? innerPad + innerCaption.size + 14 : 0) +
        (captionAt[r] === 'above' ? captionFont.size + 14 : 0)
      : 0;
  const bottomRoom = (r: number) => (grouped[r] ? groupPad + (nested[r] ? innerPad + 8 : 0) : 0);
  const rowY: number[] = [];
  let y = margin + (title ? fontSize + 30 : 0);
  for (let r = 0; r < rows; r++) {
    y += topRoom(r);
    rowY.push(y);
    y += boxH + bottomRoom(r) + Math.round(between(rng, 70, 120));
  }
  const height = y - 40 + margin;
  const width = 2 * margin + cols * boxW + (cols - 1) * colGap + 2 * (groupPad + innerPad + 10);
  const x0 = margin + groupPad + innerPad + 10;

  const boxes: BoxSpec[] = [];
  const cell = new Map<string, BoxSpec>();
  const names = [...MODULES];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (cols > 2 && rng.next() < 0.12) continue;
      const name = names.splice(rng.int(names.length), 1)[0]!;
      const fill =
        style === 0
          ? '#ffffff'
          : style === 3 && rng.next() < 0.7
            ? pick(rng, DARKS)
            : pick(rng, PASTELS);
      const dark = DARKS.includes(fill);
      const font: FontSpec = {
        family,
        size: fontSize,
        weight: rng.next() < 0.25 ? 'bold' : 'normal',
        color: dark ? '#ffffff' : '#111111',
      };
      const b: BoxSpec = {
        id: `n${boxes.length}`,
        x: x0 + c * (boxW + colGap) + Math.round(between(rng, -8, 8)),
        y: rowY[r]! + Math.round(between(rng, -4, 4)),
        w: boxW,
        h: boxH,
        lines: wrap(name, font, boxW - 24),
        fill,
        stroke:
          style === 2 || (style === 3 && dark)
            ? null
            : pick(rng, ['#222222', '#333333', '#6c8ebf', '#82b366', '#555555']),
        strokeWidth: Math.round(between(rng, 1, 3.5) * 2) / 2,
        rx,
        font,
      };
      boxes.push(b);
      cell.set(`${r},${c}`, b);
    }
  }
  const labels: LabelSpec[] = [];
  if (title)
    labels.push({
      id: `l${labels.length}`,
      cx: width / 2,
      cy: margin + fontSize / 2,
      lines: [title],
      font: { family, size: fontSize + 4, weight: 'bold' },
    });

  const edges: EdgeSpec[] = [];
  const edgeStyle = () => {
    const u = rng.next();
    return {
      heads: (u < 0.72 ? 'end' : u < 0.84 ? 'both' : 'none') as EdgeSpec['heads'],
      headStyle: (rng.next() < 0.7 ? 'filled' : 'open') as EdgeSpec['headStyle'],
      color: rng.next() < 0.6 ? pick(rng, LINE_COLOURS.slice(0, 3)) : pick(rng, LINE_COLOURS),
      width: Math.round(between(rng, 1.2, 3.5) * 2) / 2,
      dashed: rng.next() < 0.22,
    };
  };
  const gapOf = () => Math.round(between(rng, 0, 4));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = cell.get(`${r},${c}`);
      if (!a) continue;
      const right = cell.get(`${r},${c + 1}`);
      if (right && rng.next() < 0.75) {
        const yy = Math.round(
          (Math.max(a.y, right.y) + Math.min(a.y + a.h, right.y + right.h)) / 2,
        );
        const forward = rng.next() < 0.78;
        const p: [number, number] = [a.x + a.w + gapOf(), yy];
        const q: [number, number] = [right.x - gapOf(), yy];
        const st = edgeStyle();
        edges.push(
          forward
            ? { from: a.id, to: right.id, points: [p, q], ...st }
            : { from: right.id, to: a.id, points: [q, p], ...st },
        );
        if (rng.next() < 0.2 && colGap >= 120 && !grouped[r]) {
          labels.push({
            id: `l${labels.length}`,
            cx: (p[0] + q[0]) / 2,
            cy: yy - 12 - fontSize * 0.4,
            lines: [pick(rng, EDGE_WORDS)],
            font: { family, size: Math.max(12, fontSize - 5), style: 'italic' },
          });
        }
      }
      const down = cell.get(`${r + 1},${c}`);
      if (down && rng.next() < 0.4) {
        const xx = Math.round(a.x + a.w / 2);
        const p: [number, number] = [xx, a.y + a.h + gapOf()];
        const q: [number, number] = [xx, down.y - gapOf()];
        const forward = rng.next() < 0.8;
        const st = edgeStyle();
        edges.push(
          forward
            ? { from: a.id, to: down.id, points: [p, q], ...st }
            : { from: down.id, to: a.id, points: [q, p], ...st },
        );
      }
      // Elbows to the next row, one column over: Z-shaped through the middle of the row gap.
      for (const dc of [1, -1]) {
        const d = cell.get(`${r + 1},${c + dc}`);
        if (!d || rng.next() > 0.22) continue;
        const off = dc * 0.25;
        const sx = Math.round(a.x + a.w * (0.5 + off));
        const ex = Math.round(d.x + d.w * (0.5 - off));
        const midY = Math.round((a.y + a.h + d.y) / 2 + between(rng, -6, 6));
        const pts: [number, number][] = [
          [sx, a.y + a.h + gapOf()],
          [sx, midY],
          [ex, midY],
          [ex, d.y - gapOf()],
        ];
        const st = edgeStyle();
        edges.push({ from: a.id, to: d.id, points: pts, ...st });
      }
    }
  }
  const groups: GroupSpec[] = [];
  for (let r = 0; r < rows; r++) {
    const inRow = boxes.filter((b) => Math.abs(b.y - rowY[r]!) < 10);
    if (!grouped[r] || inRow.length === 0) continue;
    const gx0 = Math.min(...inRow.map((b) => b.x));
    const gx1 = Math.max(...inRow.map((b) => b.x + b.w));
    const gy0 = Math.min(...inRow.map((b) => b.y));
    const gy1 = Math.max(...inRow.map((b) => b.y + b.h));
    const innerTop = nested[r] ? innerPad + innerCaption.size + 14 : 0;
    const innerBottom = nested[r] ? innerPad + 8 : 0;
    const capInside = captionAt[r] === 'inside' ? captionFont.size + 12 : 0;
    const outer: GroupSpec = {
      id: `g${groups.length}`,
      x: gx0 - groupPad - (nested[r] ? innerPad + 4 : 0),
      y: gy0 - groupPad - capInside - innerTop,
      w: gx1 - gx0 + 2 * (groupPad + (nested[r] ? innerPad + 4 : 0)),
      h: gy1 - gy0 + 2 * groupPad + capInside + innerTop + innerBottom,
      caption: pick(rng, CAPTIONS),
      captionAt: captionAt[r]!,
      captionFont,
      stroke: pick(rng, ['#555555', '#888888', '#333333', '#6c8ebf']),
      strokeWidth: Math.round(between(rng, 1, 2.5) * 2) / 2,
      dashed: rng.next() < 0.6,
      fill: rng.next() < 0.3 ? pick(rng, ['#f7f7f7', '#f2f7fd', '#fbf6ee']) : 'none',
      rx: rng.next() < 0.5 ? 0 : Math.round(between(rng, 4, 14)),
      members: inRow.map((b) => b.id),
    };
    groups.push(outer);
    if (nested[r] && inRow.length >= 2) {
      const k = rng.int(inRow.length - 1);
      const pair = inRow.slice(k, k + 2);
      const ix0 = Math.min(...pair.map((b) => b.x));
      const ix1 = Math.max(...pair.map((b) => b.x + b.w));
      groups.push({
        id: `g${groups.length}`,
        x: ix0 - innerPad,
        y: gy0 - innerPad - innerCaption.size - 10,
        w: ix1 - ix0 + 2 * innerPad,
        h: gy1 - gy0 + 2 * innerPad + innerCaption.size + 10,
        caption: pick(rng, ['shared weights', 'frozen', 'per token', 'cached']),
        captionAt: 'inside',
        captionFont: innerCaption,
        stroke: '#999999',
        strokeWidth: 1,
        dashed: true,
        fill: 'none',
        rx: 0,
        members: pair.map((b) => b.id),
      });
    }
  }
  // A label inside a group is one of its members too.
  for (const g of groups)
    for (const l of labels)
      if (l.cx > g.x && l.cx < g.x + g.w && l.cy > g.y && l.cy < g.y + g.h) g.members.push(l.id);
  const u = rng.next();
  return {
    id: `syn-${seed}`,
    width,
    height,
    background: '#ffffff',
    boxes,
    labels,
    groups,
    edges,
    post: {
      scale: Math.round(between(rng, 0.6, 1.25) * 100) / 100,
      jpegQuality: u < 0.35 ? Math.round(between(rng, 55, 92)) : null,
      blur: rng.next() < 0.15 ? Math.round(between(rng, 0.5, 0.9) * 10) / 10 : 0,
      noise: rng.next() < 0.15 ? Math.round(between(rng, 4, 12)) : 0,
    },
  };
}

/**
 * Writes `count` random diagrams (seeds `seed`, `seed + 1`, …) as task-like folders:
 * `<dir>/syn-<seed>/source.png|jpg` and `truth.json`. Returns the folder paths.
 */
export async function writeSyntheticDiagrams(
  dir: string,
  count: number,
  seed: number,
): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const spec = randomDiagramSpec(seed + i);
    const rendered = await renderDiagram(spec);
    const folder = join(dir, spec.id);
    await mkdir(folder, { recursive: true });
    await writeFile(
      join(folder, rendered.format === 'png' ? 'source.png' : 'source.jpg'),
      rendered.bytes,
    );
    await writeFile(join(folder, 'truth.json'), `${JSON.stringify(rendered.truth, null, 1)}\n`);
    out.push(folder);
  }
  return out;
}
