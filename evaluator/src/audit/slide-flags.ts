import type { Flag } from '../schemas/audit-record.schema.ts';
import type { SlideTree, TreeNode } from '../pptx/build-slide-tree.ts';
import { matchInstructionPatterns } from './instruction-patterns.ts';
import { clipToCanvas } from './union-area.ts';

/** Text at or below this size (points) is treated as hidden from a human reader. */
export const NEAR_INVISIBLE_PT = 2;
/** A text box with less than this share of its area on the canvas is "off canvas". */
export const MIN_ON_CANVAS_SHARE = 0.5;

/**
 * Flags about slide 1's objects, in document order:
 * - `text-off-canvas`: less than half of a text's box lies on the canvas (a zero-size box: its
 *   position is off the canvas);
 * - `text-near-invisible`: a visible run is ≤ 2 pt (after autofit scaling), has no fill or is
 *   under 5 % opaque, or its colour equals the shape's own solid fill;
 * - `text-instruction-like`: the text matches an {@link INSTRUCTION_PATTERNS} pattern;
 * - `embedded-object`: an OLE object frame;
 * - `alternate-content`: which branch of an `mc:AlternateContent` was read.
 */
export function slideFlags(tree: SlideTree, canvas: { cx: number; cy: number }): Flag[] {
  const flags: Flag[] = [];
  for (const node of tree.nodes) {
    const id = node.object.id;
    const off = node.textItems.find((t) => isOffCanvas(t.box, canvas));
    if (off)
      flags.push({
        code: 'text-off-canvas',
        target: id,
        detail: `${quote(off.text)} is mostly outside the ${canvas.cx}×${canvas.cy} EMU canvas (box at x=${off.box.x}, y=${off.box.y})`,
      });
    const hidden = invisibility(node);
    if (hidden)
      flags.push({
        code: 'text-near-invisible',
        target: id,
        detail: `${quote(node.object.text)}: ${hidden}`,
      });
    for (const item of node.textItems) {
      const ids = matchInstructionPatterns(item.text);
      if (ids.length > 0) {
        flags.push({
          code: 'text-instruction-like',
          target: id,
          detail: `text addressed to a judge or model (${ids.join(', ')}): ${quote(item.text)}`,
        });
        break;
      }
    }
    if (node.oleProgId !== null)
      flags.push({
        code: 'embedded-object',
        target: id,
        detail: `OLE object${node.oleProgId ? ` (${node.oleProgId})` : ''} in a graphic frame`,
      });
  }
  for (const ac of tree.alternateContent)
    flags.push({ code: 'alternate-content', target: ac.target, detail: ac.detail });
  return flags;
}

function isOffCanvas(
  box: { x: number; y: number; w: number; h: number },
  canvas: { cx: number; cy: number },
): boolean {
  const area = box.w * box.h;
  if (area <= 0)
    return (
      box.x + box.w / 2 < 0 ||
      box.y + box.h / 2 < 0 ||
      box.x + box.w / 2 > canvas.cx ||
      box.y + box.h / 2 > canvas.cy
    );
  const inside = clipToCanvas(box, canvas);
  return (inside.w * inside.h) / area < MIN_ON_CANVAS_SHARE;
}

function invisibility(node: TreeNode): string | null {
  const t = node.text;
  if (!t || t.text.trim() === '') return null;
  if (t.minEffectiveSizePt !== null && t.minEffectiveSizePt <= NEAR_INVISIBLE_PT)
    return `a run is ${t.minEffectiveSizePt} pt (≤ ${NEAR_INVISIBLE_PT} pt)`;
  if (t.invisibleRun) return t.invisibleRun;
  const fill = node.fillColor;
  if (fill && fill !== 'none' && fill.key !== null && fill.alpha > 0.05) {
    const colours =
      t.runColors.length > 0 ? t.runColors : node.styleTextColor ? [node.styleTextColor] : [];
    const same = colours.find((c) => c.key === fill.key);
    if (same) return `text colour ${same.hex ?? same.key} equals the shape's fill`;
  }
  return null;
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 77)}...` : flat);
}
