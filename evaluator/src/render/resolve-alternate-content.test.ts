import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { auditPptx } from '../audit/audit-pptx.ts';
import { buildDeck, IMAGE_REL, pic, sp, TINY_PNG } from '../pptx/test-support/build-deck.ts';
import { DEFAULT_READER_LIMITS } from '../pptx/reader-limits.ts';
import { resolveAlternateContent } from './resolve-alternate-content.ts';
import { sanitizeDeck } from './sanitize-deck.ts';

// Issue 22: LibreOffice picks an mc:AlternateContent branch by matching Requires prefixes as
// strings; the audit resolves them to namespaces. The sanitizer now rewrites every
// AlternateContent to the branch the audit read, so both see the same content.

const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const FULL = { x: 0, y: 0, cx: 12192000, cy: 6858000 };
const PICTURE = pic({ id: 2, frame: FULL });
const NATIVE = sp({ id: 3, frame: { x: 100, y: 100, cx: 5000000, cy: 800000 }, text: 'native' });

/** The picture in the Choice, native shapes in the Fallback; `requires` decides which the audit reads. */
const alternate = (choice: string, fallback: string, requires: string, decls = '') =>
  `<mc:AlternateContent xmlns:mc="${MC}"><mc:Choice ${decls} Requires="${requires}">${choice}</mc:Choice><mc:Fallback>${fallback}</mc:Fallback></mc:AlternateContent>`;

/** "a14" bound to a namespace that is not DrawingML 2010: LibreOffice takes the Choice, the audit the Fallback. */
const CHOICE_FOR_LIBREOFFICE = alternate(
  PICTURE,
  NATIVE,
  'a14',
  'xmlns:a14="urn:not-drawingml-2010"',
);
/** "p" is PresentationML: the audit takes the Choice; LibreOffice does not know the prefix "p" and takes the Fallback. */
const FALLBACK_FOR_LIBREOFFICE = alternate(NATIVE, PICTURE, 'p');

async function deckWith(tree: string): Promise<Uint8Array> {
  return buildDeck({
    slides: [tree],
    slideRels: [IMAGE_REL],
    extraParts: { 'ppt/media/image1.png': TINY_PNG },
  });
}

async function slideXml(bytes: Uint8Array): Promise<string> {
  return (await JSZip.loadAsync(bytes)).file('ppt/slides/slide1.xml')!.async('string');
}

describe('resolveAlternateContent', () => {
  const limits = DEFAULT_READER_LIMITS;

  it('leaves a part without mc:AlternateContent alone', () => {
    expect(resolveAlternateContent('<a xmlns="urn:x"><b/></a>', 'p.xml', limits)).toBeNull();
  });

  it('replaces the element by the branch the audit reads, in both directions', () => {
    const wrap = (inner: string) =>
      `<p:spTree xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${inner}</p:spTree>`;
    const choiceOut = resolveAlternateContent(wrap(CHOICE_FOR_LIBREOFFICE), 's.xml', limits);
    expect(choiceOut).toBe(wrap(NATIVE.replace('<p:sp>', `<p:sp xmlns:mc="${MC}">`)));
    const fallbackOut = resolveAlternateContent(wrap(FALLBACK_FOR_LIBREOFFICE), 's.xml', limits);
    expect(fallbackOut).toBe(wrap(NATIVE.replace('<p:sp>', `<p:sp xmlns:mc="${MC}">`)));
  });

  it('keeps namespaces declared on the branch meaningful, resolves nested ones, drops an empty one', () => {
    const xml =
      `<r xmlns="urn:r" xmlns:mc="${MC}" xmlns:x="urn:x">` +
      `<mc:AlternateContent><mc:Choice xmlns:q="urn:q" Requires="q"><q:no/></mc:Choice>` +
      `<mc:Fallback xmlns:y="urn:y"><y:a xmlns:y="urn:own"/><mc:AlternateContent><mc:Choice Requires="mc"><x:b>t</x:b></mc:Choice></mc:AlternateContent></mc:Fallback></mc:AlternateContent>` +
      `<mc:AlternateContent><mc:Choice Requires="x"/></mc:AlternateContent></r>`;
    expect(resolveAlternateContent(xml, 'p.xml', limits)).toBe(
      `<r xmlns="urn:r" xmlns:mc="${MC}" xmlns:x="urn:x"><y:a xmlns:y="urn:own"/><x:b xmlns:y="urn:y">t</x:b></r>`,
    );
  });

  it('reads names beyond ASCII, as XML allows them', () => {
    const xml = `<r xmlns:mc="${MC}" xmlns:ü="urn:u"><ü:é ñ-x="1"/><mc:AlternateContent><mc:Fallback><ü:b/></mc:Fallback></mc:AlternateContent></r>`;
    expect(resolveAlternateContent(xml, 'p.xml', limits)).toBe(
      `<r xmlns:mc="${MC}" xmlns:ü="urn:u"><ü:é ñ-x="1"/><ü:b/></r>`,
    );
  });

  it('refuses what the strict reader refuses', () => {
    expect(() =>
      resolveAlternateContent('<!DOCTYPE x><x>AlternateContent</x>', 'p.xml', limits),
    ).toThrow(/p\.xml: declarations/);
    expect(() => resolveAlternateContent('<q:x>AlternateContent</q:x>', 'p.xml', limits)).toThrow(
      /undeclared prefix/,
    );
  });
});

describe('the sanitized deck shows what the audit read', () => {
  for (const [direction, tree, auditedPictures] of [
    ['picture only in the mc:Choice LibreOffice took', CHOICE_FOR_LIBREOFFICE, 0],
    ['picture only in the mc:Fallback LibreOffice took', FALLBACK_FOR_LIBREOFFICE, 0],
    ['picture in the branch both take', alternate(PICTURE, NATIVE, 'a'), 1],
  ] as const) {
    it(direction, async () => {
      const deck = await deckWith(tree);
      const before = await auditPptx('deck.pptx', deck, { objects: true });
      expect(before.counts.pictures).toBe(auditedPictures);
      const sanitized = await sanitizeDeck(deck);
      expect(sanitized.resolvedParts).toEqual(['ppt/slides/slide1.xml']);
      const xml = await slideXml(sanitized.bytes);
      // No branch is left for LibreOffice to choose, and what remains is what the audit read.
      expect(xml).not.toContain('AlternateContent');
      expect(/<p:pic[ >]/.test(xml)).toBe(auditedPictures === 1);
      const after = await auditPptx('deck.pptx', sanitized.bytes, { objects: true });
      expect(after.gate.passed).toBe(true);
      expect(after.objects).toEqual(before.objects);
      expect(after.counts).toEqual(before.counts);
    });
  }
});
