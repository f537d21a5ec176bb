import type { Box } from '../../schemas/common.schema.ts';
import type { Truth } from '../../schemas/task.schema.ts';
import type { OcrWord } from '../../ocr/ocr.ts';
import type { FigureGraph } from '../../schemas/figure-graph.schema.ts';
import { truthAsGraph } from './truth-as-graph.ts';

/**
 * A labelled element of the source figure, box in source pixels. `module`: a drawn box (filled
 * or outlined) with its label — on the slide it must be a shape to count; `label`: text with no
 * box around it (an arrow caption, a title, or a box the extractor did not see).
 */
export interface ReferenceNode {
  id: string;
  text: string;
  box: Box;
  kind: 'module' | 'label';
  /** How sure the reference is of this element, in (0, 1]; 1 for hand truth. */
  confidence: number;
}

/** A relation of the source figure. `directed: false` when no arrowhead decides the direction. */
export interface ReferenceEdge {
  from: string;
  to: string;
  directed: boolean;
  confidence: number;
}

/** A container of the source figure, with its caption and member node ids. */
export interface ReferenceGroup {
  id: string;
  text: string;
  members: string[];
  box: Box | null;
  confidence: number;
}

/**
 * What the slide is compared against: hand truth (`truth.json`, every element certain), a
 * figure graph recovered from the raster (`graph`: every element with its confidence), or —
 * the older fallback — OCR text lines alone (`ocr`: labels, no relations).
 */
export interface ReferenceFigure {
  origin: 'truth' | 'graph' | 'ocr';
  /** Source image size in pixels. */
  width: number;
  height: number;
  nodes: ReferenceNode[];
  /** Directed (or undirected) relations; null when unknown (OCR sees labels, not arrows). */
  edges: ReferenceEdge[] | null;
  /** Containment groups; null when unknown. */
  groups: ReferenceGroup[] | null;
  /** Every text string of the figure (node labels, group captions, or OCR lines). */
  texts: string[];
}

/** Builds the reference from a ground-truth annotation (`truth.json`): its graph at confidence 1. */
export function referenceFromTruth(truth: Truth): ReferenceFigure {
  return { ...referenceFromGraph(truthAsGraph(truth)), origin: 'truth' };
}

/**
 * Builds the reference from a figure graph (the extractor's, or truth read as one). Elements of
 * confidence 0 say nothing and are dropped; relations to unknown nodes and self-loops cannot be
 * matched, and dropping them keeps F1 honest.
 */
export function referenceFromGraph(graph: FigureGraph): ReferenceFigure {
  const nodes = graph.nodes
    .filter((n) => n.confidence > 0)
    .map((n) => ({
      id: n.id,
      text: n.text,
      box: { x: n.bbox[0], y: n.bbox[1], w: n.bbox[2], h: n.bbox[3] },
      kind: n.kind,
      confidence: n.confidence,
    }));
  const ids = new Set(nodes.map((n) => n.id));
  const edges = graph.edges
    .filter((e) => e.confidence > 0 && e.from !== e.to && ids.has(e.from) && ids.has(e.to))
    .map((e) => ({ from: e.from, to: e.to, directed: e.directed, confidence: e.confidence }));
  const groups = graph.groups
    .filter((g) => g.confidence > 0)
    .map((g) => ({
      id: g.id,
      text: g.text,
      members: g.members.filter((m) => ids.has(m)),
      box: { x: g.bbox[0], y: g.bbox[1], w: g.bbox[2], h: g.bbox[3] },
      confidence: g.confidence,
    }));
  const texts = [...nodes.map((n) => n.text), ...groups.map((g) => g.text)].filter(
    (t) => t.trim() !== '',
  );
  return { origin: 'graph', width: graph.width, height: graph.height, nodes, edges, groups, texts };
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
    // A text line is all OCR sees: whether a box surrounds it is unknown, so it is a label.
    kind: 'label' as const,
    confidence: Math.min(1, Math.max(0.01, Math.min(...line.map((w) => w.confidence)) / 100)),
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
