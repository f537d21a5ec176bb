import type { XmlElement } from './parse-xml.ts';
import { type ColorValue, readSolidFill } from './read-color.ts';
import type { SlideParts } from './slide-parts.ts';
import { child, path } from './xml-query.ts';

/** What LibreOffice paints under a slide that states no background anywhere. */
const WHITE: ColorValue = { hex: '#ffffff', key: '#ffffff', alpha: 1 };

/**
 * The colour of slide 1's effective background (its own `p:bg`, else its layout's, else its
 * master's; white when none states one), or null when it is not one solid colour (a picture,
 * a gradient, a theme fill style `p:bgRef` the reader does not follow). Text of that colour on no fill of its
 * own is drawn invisible.
 */
export function readBackgroundColour(parts: SlideParts): ColorValue | null {
  const states = (part: string | null) =>
    parts.mentions(part, 'bgPr') || parts.mentions(part, 'bgRef');
  const roots: Array<() => XmlElement | null> = [
    () => parts.slide,
    () => (states(parts.layoutPart) ? parts.layout() : null),
    () => (states(parts.masterPart) ? parts.master() : null),
  ];
  for (const root of roots) {
    const bg = path(root() ?? undefined, 'p:cSld', 'p:bg');
    if (!bg) continue;
    const bgPr = child(bg, 'p:bgPr');
    if (bgPr) {
      const fill = readSolidFill(bgPr, parts.scheme);
      return fill === 'none' ? WHITE : fill;
    }
    // p:bgRef names a theme fill style (solid, gradient or picture): not followed, so unknown.
    return null;
  }
  return WHITE;
}
