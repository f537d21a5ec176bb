import type { OcrWord } from '../ocr/ocr.ts';
import type { Rect, Shape, TextLabel } from './figure-elements.ts';
import { centre, containsRect, unionRect } from './rect-geometry.ts';

export interface GroupWordsOptions {
  /** Words below this engine confidence (0–100) are dropped. */
  minConfidence: number;
}

/** Letters and digits in a word (tesseract reads arrowheads and box corners as 1-letter words). */
function alnumCount(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/**
 * The OCR words that are text, not drawing: confident words with at least two letters or
 * digits. Short words (three or fewer) must be surer and not tiny, and never look like an
 * arrowhead read as letters ("v", "Vv", "A", ">" …): tesseract reads arrowheads and box
 * corners as short low-confidence words, and erasing them as text would erase the heads.
 */
export function keepTextWords(words: readonly OcrWord[], minConfidence: number): OcrWord[] {
  const heights = words
    .filter((w) => w.confidence >= minConfidence && alnumCount(w.text) >= 2)
    .map((w) => w.box.h)
    .sort((a, b) => a - b);
  const typical = heights.length ? heights[heights.length >> 1]! : 0;
  return words.filter((w) => {
    const n = alnumCount(w.text);
    if (w.confidence < minConfidence || w.box.w <= 0 || w.box.h <= 0 || n < 2) return false;
    if (n > 3) return true;
    if (/^[vVwWyYAaKk]+$/.test(w.text.replace(/[^\p{L}\p{N}]/gu, ''))) return false;
    return w.confidence >= 75 && !(typical > 0 && w.box.h < 0.6 * typical);
  });
}

/** Index of the smallest shape whose outer box holds the point, -1 for none. */
export function innermostShape(shapes: readonly Shape[], r: Rect): number {
  const c = centre(r);
  let best = -1;
  let bestArea = Infinity;
  shapes.forEach((s, i) => {
    const b = s.rect;
    if (c.x < b.x || c.y < b.y || c.x > b.x + b.w || c.y > b.y + b.h) return;
    const a = b.w * b.h;
    if (a < bestArea) {
      bestArea = a;
      best = i;
    }
  });
  return best;
}

/**
 * Groups OCR words (boxes in working pixels) into labels: words on one baseline with
 * word-sized gaps form a line, and lines stacked closely in the same shape form one label —
 * every line inside one box is that box's label, so a two-line module name stays one label.
 * A word's shape is the innermost one holding its centre; words in different shapes never join.
 * Words with one letter or digit are kept only when confident and inside a shape, since outside
 * boxes they are mostly arrowheads read as letters.
 */
export function groupWordsIntoLabels(
  words: readonly OcrWord[],
  shapes: readonly Shape[],
  options: GroupWordsOptions,
): TextLabel[] {
  // A leaf shape holds no other shape: a box, not a container.
  const leaf = shapes.map(
    (s, i) =>
      !shapes.some(
        (t, j) =>
          j !== i && t.rect.w * t.rect.h < s.rect.w * s.rect.h && containsRect(s.rect, t.rect, 2),
      ),
  );
  const text = new Set(keepTextWords(words, options.minConfidence));
  const kept = words
    .map((w) => ({ w, shape: innermostShape(shapes, w.box) }))
    .filter(({ w, shape }) => {
      if (w.confidence < options.minConfidence || w.box.w <= 0 || w.box.h <= 0) return false;
      if (text.has(w)) return true;
      // One letter or digit: a label only inside a box (outside, mostly an arrowhead).
      return alnumCount(w.text) === 1 && shape >= 0 && leaf[shape]! && w.confidence >= 85;
    });
  // 1. Lines: union words overlapping vertically by half a height with a gap under 1.2 heights.
  const parent = kept.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < kept.length; i++) {
    for (let j = i + 1; j < kept.length; j++) {
      const a = kept[i]!;
      const b = kept[j]!;
      if (a.shape !== b.shape) continue;
      const A = a.w.box;
      const B = b.w.box;
      const overlap = Math.min(A.y + A.h, B.y + B.h) - Math.max(A.y, B.y);
      if (overlap < Math.min(A.h, B.h) / 2) continue;
      const gap = Math.max(A.x, B.x) - Math.min(A.x + A.w, B.x + B.w);
      if (gap <= 1.2 * Math.max(A.h, B.h)) parent[find(i)] = find(j);
    }
  }
  const lineMap = new Map<number, typeof kept>();
  kept.forEach((k, i) => {
    const r = find(i);
    const l = lineMap.get(r);
    if (l) l.push(k);
    else lineMap.set(r, [k]);
  });
  const lines = [...lineMap.values()].map((ws) => {
    ws.sort((a, b) => a.w.box.x - b.w.box.x || a.w.box.y - b.w.box.y);
    const heights = ws.map((k) => k.w.box.h).sort((a, b) => a - b);
    return {
      words: ws,
      rect: unionRect(ws.map((k) => k.w.box)),
      height: heights[heights.length >> 1]!,
      shape: ws[0]!.shape,
    };
  });
  // 2. Labels: lines of one shape stacked within a line height of each other, overlapping
  // horizontally; inside a module every line joins (decided by the caller, which merges a
  // module's labels), here only proximity counts.
  const lp = lines.map((_, i) => i);
  const lfind = (i: number): number => (lp[i] === i ? i : (lp[i] = lfind(lp[i]!)));
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (a.shape !== b.shape) continue;
      const hMax = Math.max(a.height, b.height);
      if (hMax > 1.6 * Math.min(a.height, b.height)) continue;
      const gap = Math.max(a.rect.y, b.rect.y) - Math.min(a.rect.y + a.rect.h, b.rect.y + b.rect.h);
      const xOverlap =
        Math.min(a.rect.x + a.rect.w, b.rect.x + b.rect.w) - Math.max(a.rect.x, b.rect.x);
      if (gap <= 0.9 * hMax && xOverlap > 0) lp[lfind(i)] = lfind(j);
    }
  }
  const blocks = new Map<number, typeof lines>();
  lines.forEach((l, i) => {
    const r = lfind(i);
    const b = blocks.get(r);
    if (b) b.push(l);
    else blocks.set(r, [l]);
  });
  return [...blocks.values()]
    .map((ls): TextLabel => {
      ls.sort((a, b) => a.rect.y - b.rect.y || a.rect.x - b.rect.x);
      const ws = ls.flatMap((l) => l.words);
      const heights = ls.map((l) => l.height).sort((a, b) => a - b);
      return {
        text: ls.map((l) => l.words.map((k) => k.w.text).join(' ')).join(' '),
        rect: unionRect(ls.map((l) => l.rect)),
        confidence: ws.reduce((s, k) => s + k.w.confidence, 0) / ws.length / 100,
        lineHeight: heights[heights.length >> 1]!,
        lines: ls.length,
        shape: ls[0]!.shape,
      };
    })
    .sort((a, b) => a.rect.y - b.rect.y || a.rect.x - b.rect.x);
}
