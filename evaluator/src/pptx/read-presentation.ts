import type { PptxPackage } from './pptx-package.ts';
import { relType } from './pptx-package.ts';
import { PptxReadError } from './pptx-read-error.ts';
import { child, childrenNamed, numAttr } from './xml-query.ts';

/** Slide sizes a presentation can state (ECMA-376 ST_SlideSizeCoordinate, EMU). */
export const SLIDE_SIZE_RANGE = Object.freeze({ min: 914400, max: 51206400 });

/** PowerPoint's default 4:3 slide size (EMU), used when `p:sldSz` is absent. */
export const DEFAULT_SLIDE_SIZE = Object.freeze({ cx: 9144000, cy: 6858000 });

/** Main-part content types of a PowerPoint presentation, template or slide show, with or without macros. */
const PRESENTATION_TYPE =
  /^application\/vnd\.(openxmlformats-officedocument\.presentationml|ms-powerpoint)\.(presentation|template|slideshow)(\.macroEnabled)?\.main\+xml$/;

/** What the audit needs from `presentation.xml`. */
export interface PresentationInfo {
  /** Part name of the presentation, e.g. `ppt/presentation.xml`. */
  part: string;
  /** `p:sldSz` (EMU); the 4:3 default when absent (a stated size out of range is refused). */
  slideSize: { cx: number; cy: number };
  /** Number of `p:sldId` entries in `p:sldIdLst` (what python-pptx's `len(prs.slides)` counts). */
  slideCount: number;
  /** Part name of the first slide in `p:sldIdLst` order, null when there is no slide. */
  firstSlide: string | null;
}

/**
 * Finds the presentation through the package relationships (`officeDocument`), checks its
 * content type, and reads slide size and slide list. Slide 1 is the first `p:sldId` in
 * `p:sldIdLst`, followed through the presentation's relationships — not `slide1.xml` by name.
 */
export function readPresentation(pkg: PptxPackage): PresentationInfo {
  const where = pkg.where;
  const officeDoc = pkg.rels('').find((r) => relType(r) === 'officeDocument' && !r.external);
  if (!officeDoc || officeDoc.part === null) {
    throw new PptxReadError('no-presentation', 'the package has no officeDocument relationship', {
      where: `${where}!_rels/.rels`,
      expected: 'a relationship of type …/officeDocument to ppt/presentation.xml',
      got: pkg.has('_rels/.rels') ? 'none' : 'no _rels/.rels part',
    });
  }
  const part = officeDoc.part;
  if (!pkg.has(part)) {
    throw new PptxReadError('no-presentation', `the main part ${part} is missing`, { where });
  }
  const type = pkg.contentType(part);
  if (type === undefined || !PRESENTATION_TYPE.test(type)) {
    throw new PptxReadError('no-presentation', 'the main part is not a PowerPoint presentation', {
      where: `${where}!${part}`,
      expected:
        'content type …presentationml.presentation.main+xml (or template/slide show, macro-enabled)',
      got: type ?? 'no content type',
      hint:
        type?.includes('wordprocessingml') || type?.includes('spreadsheetml')
          ? 'this is a Word/Excel file renamed to .pptx'
          : undefined,
    });
  }
  const root = pkg.xml(part);
  if (root.name !== 'p:presentation') {
    throw new PptxReadError('no-presentation', 'the main part is not a <p:presentation>', {
      where: `${where}!${part}`,
      expected: 'p:presentation',
      got: root.name,
    });
  }
  const sz = child(root, 'p:sldSz');
  let slideSize: { cx: number; cy: number } = { ...DEFAULT_SLIDE_SIZE };
  if (sz) {
    // A stated size must be one a presentation can have (ECMA-376 ST_SlideSizeCoordinate):
    // LibreOffice fails on a zero or negative one, which must not pass as PowerPoint's 4:3.
    const cx = numAttr(sz, 'cx', Number.NaN);
    const cy = numAttr(sz, 'cy', Number.NaN);
    const ok = (v: number) =>
      Number.isFinite(v) && v >= SLIDE_SIZE_RANGE.min && v <= SLIDE_SIZE_RANGE.max;
    if (!ok(cx) || !ok(cy)) {
      throw new PptxReadError('invalid-slide-size', 'the slide size is not a valid size', {
        where: `${where}!${part}`,
        expected: `p:sldSz cx and cy between ${SLIDE_SIZE_RANGE.min} and ${SLIDE_SIZE_RANGE.max} EMU (1 to 56 inches)`,
        got: `cx=${sz.attrs.cx ?? '(none)'} cy=${sz.attrs.cy ?? '(none)'}`.slice(0, 200),
        hint: 'set a real slide size, e.g. 12192000 x 6858000 (16:9)',
      });
    }
    slideSize = { cx: Math.round(cx), cy: Math.round(cy) };
  }
  const ids = childrenNamed(child(root, 'p:sldIdLst'), 'p:sldId');
  let firstSlide: string | null = null;
  if (ids.length > 0) {
    const rid = ids[0]!.attrs['r:id'];
    const rel = pkg.rels(part).find((r) => r.id === rid);
    if (!rel || rel.external || rel.part === null || relType(rel) !== 'slide') {
      throw new PptxReadError(
        'no-slide',
        `slide 1 (${rid ?? 'no r:id'}) has no slide relationship`,
        {
          where: `${where}!${part}`,
          expected: 'p:sldId@r:id naming a relationship of type …/slide',
          got: rel ? `type ${relType(rel)}` : 'no such relationship',
        },
      );
    }
    if (!pkg.has(rel.part)) {
      throw new PptxReadError(
        'no-slide',
        `slide 1 points to ${rel.part}, which is not in the package`,
        { where: `${where}!${part}` },
      );
    }
    firstSlide = rel.part;
  }
  return { part, slideSize, slideCount: ids.length, firstSlide };
}
