import type { FigureGroup, FigureNode, Shape, TextLabel } from './figure-elements.ts';
import { containsRect } from './rect-geometry.ts';

/** Decides which shapes are containers: shapes holding a smaller shape that has text. */
export function findContainers(
  shapes: readonly Shape[],
  labels: readonly TextLabel[],
): boolean[] {
  const hasText = shapes.map((_, i) => labels.some((l) => l.shape === i));
  const contains = (i: number, j: number) =>
    i !== j &&
    shapes[j]!.rect.w * shapes[j]!.rect.h < 0.8 * shapes[i]!.rect.w * shapes[i]!.rect.h &&
    containsRect(shapes[i]!.rect, shapes[j]!.rect, 2);
  return shapes.map((_, i) => shapes.some((_, j) => contains(i, j) && hasText[j]));
}

/** Letters and digits in a text. */
const letters = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;

/**
 * The graph's nodes and groups: every shape that is not a container is a module with all the
 * text inside it (a box's lines are one label); each container is a group whose caption is its
 * label nearest the top edge above every box it holds (else nearest the bottom edge below them,
 * else a label just outside above the frame); every other label is a free `label` node.
 * Confidences multiply the evidence: how box-like the shape is, how sure OCR was of the text.
 * `isModule` says which shapes became modules (a box without text only when it looks like a
 * drawn box on its own).
 */
export function buildNodes(
  shapes: readonly Shape[],
  isContainer: readonly boolean[],
  labels: readonly TextLabel[],
): { nodes: FigureNode[]; groups: FigureGroup[]; isModule: boolean[] } {
  const nodes: FigureNode[] = [];
  // A box without text is at least one and a half text lines high (not the gap between an
  // arrowhead and a border).
  const heights = labels.map((l) => l.lineHeight).sort((a, b) => a - b);
  const minUnlabelledSide = 1.5 * (heights.length ? heights[heights.length >> 1]! : 12);
  const isModule = shapes.map(() => false);
  shapes.forEach((s, i) => {
    if (isContainer[i]) return;
    const inside = labels.filter((l) => l.shape === i);
    // A box without text must look like a drawn box on its own: one convex region, closed
    // outline, not a strip (the gaps between frames and lines enclose such strips too).
    if (inside.length === 0) {
      const aspect = Math.max(s.rect.w / s.rect.h, s.rect.h / s.rect.w);
      const small = Math.min(s.rect.w, s.rect.h) < minUnlabelledSide;
      if (s.origin !== 'region' || aspect > 6 || s.closure < 0.85 || small) return;
    }
    isModule[i] = true;
    const textConf = inside.length
      ? inside.reduce((sum, l) => sum + l.confidence, 0) / inside.length
      : 0;
    nodes.push({
      rect: s.rect,
      text: inside.map((l) => l.text).join(' '),
      kind: 'module',
      confidence: s.score * (inside.length ? 0.55 + 0.45 * textConf : 0.4),
      fill: s.fill,
      labelled: inside.length > 0,
      lineHeight: inside.length ? Math.max(...inside.map((l) => l.lineHeight)) : 0,
    });
  });
  const groups: FigureGroup[] = [];
  const captions = new Set<TextLabel>();
  shapes.forEach((s, i) => {
    if (!isContainer[i]) return;
    const children = shapes.filter(
      (c, j) => j !== i && !isContainer[j] && containsRect(s.rect, c.rect, 2),
    );
    const top = Math.min(...children.map((c) => c.rect.y), s.rect.y + s.rect.h);
    const bottom = Math.max(...children.map((c) => c.rect.y + c.rect.h), s.rect.y);
    const own = labels.filter((l) => l.shape === i && !captions.has(l));
    const above = own
      .filter((l) => l.rect.y + l.rect.h <= top + 2)
      .sort((a, b) => a.rect.y - b.rect.y || a.rect.x - b.rect.x);
    const below = own
      .filter((l) => l.rect.y >= bottom - 2)
      .sort((a, b) => b.rect.y - a.rect.y || a.rect.x - b.rect.x);
    const outside = labels
      .filter((l) => !captions.has(l) && l.shape !== i && !containsRect(s.rect, l.rect, 2))
      .filter((l) => {
        const xIn =
          Math.min(l.rect.x + l.rect.w, s.rect.x + s.rect.w) - Math.max(l.rect.x, s.rect.x);
        const gapAbove = s.rect.y - (l.rect.y + l.rect.h);
        return xIn >= 0.5 * l.rect.w && gapAbove >= -2 && gapAbove <= 1.5 * l.lineHeight;
      })
      .sort((a, b) => b.rect.y - a.rect.y || a.rect.x - b.rect.x);
    const caption = above[0] ?? below[0] ?? outside[0] ?? null;
    if (caption) captions.add(caption);
    groups.push({
      rect: s.rect,
      caption,
      confidence: s.score * (caption ? 0.6 + 0.4 * caption.confidence : 0.7),
    });
  });
  for (const l of labels) {
    if (captions.has(l)) continue;
    if (l.shape >= 0 && !isContainer[l.shape]) continue;
    nodes.push({
      rect: l.rect,
      text: l.text,
      kind: 'label',
      confidence: l.confidence * (letters(l.text) >= 3 ? 0.9 : 0.6),
      labelled: true,
      lineHeight: l.lineHeight,
    });
  }
  return { nodes, groups, isModule };
}
