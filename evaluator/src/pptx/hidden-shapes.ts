import type { XmlElement } from './parse-xml.ts';
import { boolAttr, child } from './xml-query.ts';

/** A shape or group the slide marks `p:cNvPr@hidden="1"`: in the file, never drawn. */
export interface HiddenShape {
  /** `p:cNvPr@id`. */
  id: string;
  /** Element it came from: `p:sp`, `p:pic`, `p:grpSp`, `p:graphicFrame`. */
  element: string;
  /** Every `a:t` below it, whitespace-normalised and capped at {@link HIDDEN_TEXT_CHARS}. */
  text: string;
}

/** Characters of hidden text kept for the flag (it is evidence, never scored). */
export const HIDDEN_TEXT_CHARS = 2000;

// No `p:cxnSp`: LibreOffice 7.4 draws a connector marked hidden (checked on a real render), and
// the reader scores what the renderer draws.
const NV_OF: Record<string, string> = {
  'p:sp': 'p:nvSpPr',
  'p:pic': 'p:nvPicPr',
  'p:grpSp': 'p:nvGrpSpPr',
  'p:graphicFrame': 'p:nvGraphicFramePr',
};

/**
 * The element as a hidden shape when its `p:cNvPr` says `hidden="1"`, else null. LibreOffice
 * (like PowerPoint) draws neither it nor anything in it (connectors excepted, see above), so the reader leaves it out of the tree:
 * what is scored is what is drawn. A deck that hid every shape scored as if it showed them.
 */
export function hiddenShape(el: XmlElement): HiddenShape | null {
  const nv = NV_OF[el.name];
  if (!nv) return null;
  const cNvPr = child(child(el, nv), 'p:cNvPr');
  if (!boolAttr(cNvPr, 'hidden')) return null;
  const parts: string[] = [];
  let length = 0;
  const collect = (e: XmlElement): void => {
    for (const c of e.children) {
      if (length >= HIDDEN_TEXT_CHARS) return;
      if (c.name === 'a:t') {
        parts.push(c.text);
        length += c.text.length + 1;
      } else collect(c);
    }
  };
  collect(el);
  const text = parts.join(' ').replace(/\s+/g, ' ').trim().slice(0, HIDDEN_TEXT_CHARS);
  return { id: cNvPr?.attrs.id ?? '', element: el.name, text };
}
