import type { Box } from '../../schemas/common.schema.ts';
import type { Truth } from '../../schemas/task.schema.ts';
import type { OcrWord } from '../../ocr/ocr.ts';

/** A labelled module of the source figure (a truth node, or an OCR text line). Box in source pixels. */
export interface ReferenceNode {
  id: string;
  text: string;
  box: Box;
}

/** What the slide is compared against: from `truth.json`, or recovered from the image by OCR. */
export interface ReferenceFigure {
  origin: 'truth' | 'ocr';
  /** Source image size in pixels. */
  width: number;
  height: number;
  nodes: ReferenceNode[];
  /** Directed relations; null when unknown (OCR sees labels, not arrows). */
  edges: { from: string; to: string }[] | null;
  /** Containment groups; null when unknown. */
  groups: { id: string; text: string; members: string[]; box: Box | null }[] | null;
  /** Every text string of the figure (node labels, group captions, or OCR lines). */
  texts: string[];
}

/** Builds the reference from a ground-truth annotation (`truth.json`). */
export function referenceFromTruth(truth: Truth): ReferenceFigure {
  const nodes = truth.nodes.map((n) => ({
    id: n.id,
    text: n.text,
    box: { x: n.bbox[0], y: n.bbox[1], w: n.bbox[2], h: n.bbox[3] },
  }));
  const ids = new Set(nodes.map((n) => n.id));
  // Edges to unknown nodes or self-loops cannot be matched; dropping them keeps F1 honest.
  const edges = truth.edges
    .filter((e) => e.from !== e.to && ids.has(e.from) && ids.has(e.to))
    .map((e) => ({ from: e.from, to: e.to }));
  const groups = truth.groups.map((g) => ({
    id: g.id,
    text: g.text,
    members: g.members.filter((m) => ids.has(m)),
    box: g.bbox ? { x: g.bbox[0], y: g.bbox[1], w: g.bbox[2], h: g.bbox[3] } : null,
  }));
  const texts = [...nodes.map((n) => n.text), ...groups.map((g) => g.text)].filter(
    (t) => t.trim() !== '',
  );
  return { origin: 'truth', width: truth.width, height: truth.height, nodes, edges, groups, texts };
}

export interface OcrReferenceOptions {
  /** Words below this confidence are dropped. Default 60. */
  minConfidence?: number;
}

/**
 * Builds the reference from OCR words of the source image: confident words with at least two
 * letters or digits (tesseract turns arrowheads and box corners into one-character "words"),
 * grouped into text lines, which stand in for the figure's labelled modules.
 */
export function referenceFromOcr(
  words: readonly OcrWord[],
  width: number,
  height: number,
  options: OcrReferenceOptions = {},
): ReferenceFigure {
  const minConfidence = options.minConfidence ?? 60;
  const kept = words.filter(
    (w) => w.confidence >= minConfidence && (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2,
  );
  const lines = groupIntoLines(kept);
  const nodes = lines.map((line, i) => ({
    id: `ocr-${i + 1}`,
    text: line.map((w) => w.text).join(' '),
    box: unionBox(line.map((w) => w.box)),
  }));
  return {
    origin: 'ocr',
    width,
    height,
    nodes,
    edges: null,
    groups: null,
    texts: kept.map((w) => w.text),
  };
}

/**
 * Groups words into lines: two words share a line when they overlap vertically by at least
 * half the smaller height and the horizontal gap is under 1.5 line heights. Lines are ordered
 * top to bottom, then left to right, so ids are deterministic.
 */
export function groupIntoLines(words: readonly OcrWord[]): OcrWord[][] {
  const parent = words.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!.box;
      const b = words[j]!.box;
      const overlap = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      const minH = Math.min(a.h, b.h);
      if (minH <= 0 || overlap < minH / 2) continue;
      const gap = Math.max(a.x, b.x) - Math.min(a.x + a.w, b.x + b.w);
      if (gap <= 1.5 * Math.max(a.h, b.h)) parent[find(i)] = find(j);
    }
  }
  const byRoot = new Map<number, OcrWord[]>();
  words.forEach((w, i) => {
    const r = find(i);
    const list = byRoot.get(r);
    if (list) list.push(w);
    else byRoot.set(r, [w]);
  });
  const lines = [...byRoot.values()].map((l) =>
    l.sort((a, b) => a.box.x - b.box.x || a.box.y - b.box.y),
  );
  return lines.sort((a, b) => {
    const ba = unionBox(a.map((w) => w.box));
    const bb = unionBox(b.map((w) => w.box));
    return ba.y - bb.y || ba.x - bb.x;
  });
}

/** The smallest box holding every box (an empty box for none). */
export function unionBox(boxes: readonly Box[]): Box {
  if (boxes.length === 0) return { x: 0, y: 0, w: 0, h: 0 };
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
