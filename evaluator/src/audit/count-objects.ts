import type { Counts } from '../schemas/audit-record.schema.ts';
import type { TreeNode } from '../pptx/build-slide-tree.ts';

/** Counts with every field zero (a deck whose first slide could not be read). */
export const ZERO_COUNTS: Readonly<Counts> = Object.freeze({
  connectors: 0,
  connectorsAttached: 0,
  lineShapes: 0,
  freeforms: 0,
  groups: 0,
  pictures: 0,
  textBoxes: 0,
  textShapes: 0,
  shapes: 0,
  tables: 0,
  charts: 0,
  otherFrames: 0,
});

/**
 * The audit counts O(P) over slide 1's tree at every depth, exactly as the `Counts` schema
 * defines them. The categories of a `p:sp` are independent (a text box drawn with a custom
 * geometry counts as a freeform and a text box); `shapes` is every `p:sp` in none of them.
 * `textShapes` counts `p:sp` with non-blank text (table text is in `texts`, not here).
 */
export function countObjects(nodes: readonly TreeNode[]): Counts {
  const c: Counts = { ...ZERO_COUNTS };
  for (const n of nodes) {
    const o = n.object;
    switch (n.element) {
      case 'p:cxnSp':
        c.connectors++;
        if (o.startConnection?.exists && o.endConnection?.exists) c.connectorsAttached++;
        break;
      case 'p:grpSp':
        c.groups++;
        break;
      case 'p:pic':
        c.pictures++;
        break;
      case 'p:graphicFrame':
        if (o.kind === 'table') c.tables++;
        else if (o.kind === 'chart') c.charts++;
        else c.otherFrames++;
        break;
      case 'p:sp':
        if (n.isLine) c.lineShapes++;
        if (n.isFreeform) c.freeforms++;
        if (n.isTextBox) c.textBoxes++;
        if (!n.isLine && !n.isFreeform && !n.isTextBox) c.shapes++;
        if (o.text.trim() !== '') c.textShapes++;
        break;
      default:
        break;
    }
  }
  return c;
}
