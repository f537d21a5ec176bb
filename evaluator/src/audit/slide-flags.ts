import type { Flag } from '../schemas/audit-record.schema.ts';
import type { SlideTree, TreeNode } from '../pptx/build-slide-tree.ts';
import type { ColorValue } from '../pptx/read-color.ts';
import { matchInstructionPatterns } from './instruction-patterns.ts';
import { indistinct } from './text-contrast.ts';
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
 *   under 5 % opaque, or its colour cannot be told from what it lies on (the shape's own solid
 *   fill, else the last filled shape drawn under its centre, else the slide background) — sizes
 *   and colours as inherited through list styles, placeholders and the master — or the shape is
 *   `hidden="1"` (whatever the text's language: hidden text is never a reader's);
 * - `text-instruction-like`: the text matches an {@link INSTRUCTION_PATTERNS} pattern;
 * - `embedded-object`: an OLE object frame;
 * - `alternate-content`: which branch of an `mc:AlternateContent` was read.
 */
export function slideFlags(
  tree: SlideTree,
  canvas: { cx: number; cy: number },
  background: ColorValue | null = null,
): Flag[] {
  const flags: Flag[] = [];
  for (const h of tree.hidden)
    if (h.text !== '')
      flags.push({
        code: 'text-near-invisible',
        target: h.id,
        detail: `${quote(h.text)}: the shape is hidden (hidden="1") and never drawn`,
      });
  tree.nodes.forEach((node, index) => {
    const id = node.object.id;
    const off = node.textItems.find((t) => isOffCanvas(t.box, canvas));
    if (off)
      flags.push({
        code: 'text-off-canvas',
        target: id,
        detail: `${quote(off.text)} is mostly outside the ${canvas.cx}×${canvas.cy} EMU canvas (box at x=${off.box.x}, y=${off.box.y})`,
      });
    const hidden = invisibility(node, () => colourUnder(tree.nodes, index, background));
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
  });
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

function invisibility(node: TreeNode, under: () => ColorValue | null): string | null {
  const t = node.text;
  if (!t || t.text.trim() === '') return null;
  if (t.minEffectiveSizePt !== null && t.minEffectiveSizePt <= NEAR_INVISIBLE_PT)
    return `a run is ${t.minEffectiveSizePt} pt (≤ ${NEAR_INVISIBLE_PT} pt)`;
  if (t.invisibleRun) return t.invisibleRun;
  const colours =
    t.runColors.length > 0 ? t.runColors : node.styleTextColor ? [node.styleTextColor] : [];
  if (colours.length === 0) return null;
  const fill = node.fillColor;
  if (fill && fill !== 'none' && fill.key !== null && fill.alpha > 0.05) {
    const same = colours.find((c) => indistinct(c, fill));
    if (!same) return null;
    const how = same.key === fill.key ? 'equals' : 'cannot be told from';
    return `text colour ${same.hex ?? same.key} ${how} the shape's fill`;
  }
  if (node.object.filled === true) return null; // painted, but not one known colour
  const beneath = under();
  const same = beneath ? colours.find((c) => indistinct(c, beneath)) : undefined;
  return same
    ? `text colour ${same.hex ?? same.key} cannot be told from what lies under it (${beneath!.hex ?? beneath!.key})`
    : null;
}

/**
 * The colour drawn under node `index`'s centre: the fill of the last shape before it in the
 * document whose bounds hold that centre and that is painted, the slide background when none;
 * null when that is not one known opaque colour (a picture, a gradient, a translucent fill).
 */
function colourUnder(
  nodes: readonly TreeNode[],
  index: number,
  background: ColorValue | null,
): ColorValue | null {
  const b = nodes[index]!.bounds;
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  for (let i = index - 1; i >= 0; i--) {
    const n = nodes[i]!;
    const r = n.bounds;
    if (cx < r.x || cx > r.x + r.w || cy < r.y || cy > r.y + r.h) continue;
    if (n.paintsPicture) return null;
    if (n.object.filled !== true) continue;
    const f = n.fillColor;
    return f && f !== 'none' && f.alpha >= 0.95 ? f : null;
  }
  return background;
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 77)}...` : flat);
}
