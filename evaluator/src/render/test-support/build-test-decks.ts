import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';

// Test-only helpers: decks for the renderer tests are built from a calibration deck in the repo
// (test/fixtures/calibration, see test/fixtures/README.md), so nothing outside the clone is read.

/** Path of a calibration variant, e.g. `calibrationDeck('fig01-000', 'faithful')`. */
export function calibrationDeck(figure: string, variant: string): string {
  return fileURLToPath(
    new URL(
      `../../../../test/fixtures/calibration/${figure}/variants/${variant}.pptx`,
      import.meta.url,
    ),
  );
}

async function editSlide(base: string, edit: (zip: JSZip) => Promise<void>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(readFileSync(base));
  await edit(zip);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function appendToSpTree(zip: JSZip, xml: string): Promise<void> {
  const slide = zip.file('ppt/slides/slide1.xml');
  if (!slide) throw new Error('test deck has no slide1.xml');
  const text = await slide.async('string');
  zip.file('ppt/slides/slide1.xml', text.replace('</p:spTree>', `${xml}</p:spTree>`));
}

async function addRelationship(zip: JSZip, rel: string): Promise<void> {
  const name = 'ppt/slides/_rels/slide1.xml.rels';
  const text = (await zip.file(name)?.async('string')) ?? '';
  zip.file(name, text.replace('</Relationships>', `${rel}</Relationships>`));
}

/**
 * A one-slide deck with a picture LINKED (not embedded) to `url`: LibreOffice fetches such a
 * picture while converting unless the link is neutralised or the network is cut. Also adds a
 * hyperlink to the same URL.
 */
export async function deckWithExternalImage(
  url: string,
  base = calibrationDeck('fig01-000', 'faithful'),
): Promise<Buffer> {
  return editSlide(base, async (zip) => {
    await addRelationship(
      zip,
      `<Relationship Id="rId901" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${url}" TargetMode="External"/>` +
        `<Relationship Id="rId902" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${url}" TargetMode="External"/>`,
    );
    await appendToSpTree(
      zip,
      '<p:pic><p:nvPicPr><p:cNvPr id="901" name="Linked picture"><a:hlinkClick r:id="rId902"/></p:cNvPr><p:cNvPicPr/><p:nvPr/></p:nvPicPr>' +
        '<p:blipFill><a:blip r:link="rId901"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>' +
        '<p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1000000" cy="1000000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>',
    );
  });
}

/** A valid deck that takes LibreOffice many seconds to load: `n` small text shapes. */
export async function slowDeck(
  n: number,
  base = calibrationDeck('fig01-000', 'faithful'),
): Promise<Buffer> {
  const shapes: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const x = (i % 200) * 40_000;
    const y = Math.floor(i / 200) * 40_000;
    shapes.push(
      `<p:sp><p:nvSpPr><p:cNvPr id="${2000 + i}" name="s${i}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="30000" cy="30000"/></a:xfrm>` +
        `<a:prstGeom prst="ellipse"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr/><a:p><a:r><a:t>t${i}</a:t></a:r></a:p></p:txBody></p:sp>`,
    );
  }
  return editSlide(base, (zip) => appendToSpTree(zip, shapes.join('')));
}

/** A zip that is not a presentation at all: LibreOffice cannot load it and writes no PDF. */
export async function corruptButZipDeck(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file(
    'ppt/presentation.xml',
    '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:sldIdLst><p:sldId',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A calibration deck with an extra STORED entry holding `marker` in plain bytes (the fake soffice greps for it). */
export async function markedDeck(
  marker: string,
  base = calibrationDeck('fig01-000', 'faithful'),
): Promise<Buffer> {
  const zip = await JSZip.loadAsync(readFileSync(base));
  zip.file('customXml/marker.txt', marker, { compression: 'STORE' });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Slide size (EMU) from a deck's presentation.xml. */
export async function slideSize(path: string): Promise<{ cx: number; cy: number }> {
  const zip = await JSZip.loadAsync(readFileSync(path));
  const xml = (await zip.file('ppt/presentation.xml')?.async('string')) ?? '';
  const m = /<p:sldSz[^>]*\bcx="(\d+)"[^>]*\bcy="(\d+)"/.exec(xml);
  if (!m) throw new Error(`${path}: no p:sldSz`);
  return { cx: Number(m[1]), cy: Number(m[2]) };
}
