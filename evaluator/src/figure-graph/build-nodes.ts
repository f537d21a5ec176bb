import type { FigureGroup, FigureNode, Shape, TextLabel } from './figure-elements.ts';
import { containsRect } from './rect-geometry.ts';

/**
 * Decides which shapes are containers: shapes holding a smaller shape that has text, set in
 * from every side of the container (a row of table cells touches its row's border on two
 * sides: a table row is not a group).
 */
export function findContainers(shapes: readonly Shape[], labels: readonly TextLabel[]): boolean[] {
  const hasText = shapes.map((_, i) => labels.some((l) => l.shape === i));
  const inset = (outer: Shape['rect'], inner: Shape['rect']) =>
    inner.x >= outer.x + 3 &&
    inner.y >= outer.y + 3 &&
    inner.x + inner.w <= outer.x + outer.w - 3 &&
    inner.y + inner.h <= outer.y + outer.h - 3;
  const contains = (i: number, j: number) =>
    i !== j &&
    shapes[j]!.rect.w * shapes[j]!.rect.h < 0.8 * shapes[i]!.rect.w * shapes[i]!.rect.h &&
    containsRect(shapes[i]!.rect, shapes[j]!.rect, 2);
  return shapes.map((s, i) =>
    shapes.some((t, j) => contains(i, j) && hasText[j] && inset(s.rect, t.rect)),
  );
}

/** Largest difference of one colour channel between two `#rrggbb` colours. */
function colourDistance(a: string, b: string): number {
  let d = 0;
  for (let k = 1; k < 7; k += 2)
    d = Math.max(
      d,
      Math.abs(Number.parseInt(a.slice(k, k + 2), 16) - Number.parseInt(b.slice(k, k + 2), 16)),
    );
  return d;
}

/** A label right below (or else right above) a box, centred on it: the box's own caption. */
function captionNear(
  r: Shape['rect'],
  labels: readonly TextLabel[],
  free: (l: TextLabel) => boolean,
): TextLabel | null {
  const near = labels.filter((l) => {
    if (!free(l)) return false;
    const xIn = Math.min(l.rect.x + l.rect.w, r.x + r.w) - Math.max(l.rect.x, r.x);
    if (xIn < 0.5 * Math.min(l.rect.w, r.w)) return false;
    const below = l.rect.y - (r.y + r.h);
    const above = r.y - (l.rect.y + l.rect.h);
    return (below >= -2 && below <= l.lineHeight) || (above >= -2 && above <= l.lineHeight);
  });
  near.sort((a, b) => (a.rect.y > r.y ? 0 : 1) - (b.rect.y > r.y ? 0 : 1) || a.rect.y - b.rect.y);
  return near[0] ?? null;
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
  background: string,
): { nodes: FigureNode[]; groups: FigureGroup[]; isModule: boolean[] } {
  const nodes: FigureNode[] = [];
  // A box without text is at least one and a half text lines high (not the gap between an
  // arrowhead and a border).
  const heights = labels.map((l) => l.lineHeight).sort((a, b) => a - b);
  const minUnlabelledSide = 1.5 * (heights.length ? heights[heights.length >> 1]! : 12);
  const isModule = shapes.map(() => false);
  const adopted = new Set<TextLabel>();
  shapes.forEach((s, i) => {
    if (isContainer[i]) return;
    const inside = labels.filter((l) => l.shape === i);
    // A box without text must look like a drawn box on its own: one convex region, closed
    // outline, not a strip (the gaps between frames and lines enclose such strips too).
    if (inside.length === 0) {
      const aspect = Math.max(s.rect.w / s.rect.h, s.rect.h / s.rect.w);
      const small = Math.min(s.rect.w, s.rect.h) < minUnlabelledSide;
      if (s.origin !== 'region' || aspect > 6 || s.closure < 0.85 || small) return;
      // Lines enclose empty areas of the background too: an empty box must be filled, or
      // carry its label right below or above it (a caption under a box or an icon).
      const caption = captionNear(s.rect, labels, (l) => l.shape < 0 || isContainer[l.shape]!);
      if (colourDistance(s.fill, background) < 12 && !caption) return;
      if (caption) {
        adopted.add(caption);
        isModule[i] = true;
        nodes.push({
          rect: s.rect,
          text: caption.text,
          kind: 'module',
          confidence: s.score * (0.4 + 0.4 * caption.confidence),
          fill: s.fill,
          labelled: true,
          lineHeight: caption.lineHeight,
        });
        return;
      }
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
    if (captions.has(l) || adopted.has(l)) continue;
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
