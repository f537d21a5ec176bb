import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../schemas/audit-record.schema.ts';
import {
  buildDeck,
  grp,
  IMAGE_REL,
  pic,
  sp,
  TINY_PNG,
  type DeckSpec,
} from '../pptx/test-support/build-deck.ts';
import { auditPptx } from './audit-pptx.ts';
import { effectiveCap } from './flattening-cap.ts';

// Issue 22, "hidden raster": the figure pasted through a carrier other than `p:pic` must be judged
// like the same figure pasted as a picture. Each attack deck is the plain paste with the picture
// moved into one carrier; the native boxes and labels stay (they are what earned T/S/L/E).

const W = 12192000;
const H = 6858000;
const FULL = { x: 0, y: 0, cx: W, cy: H };
const BLIP =
  '<a:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></a:blipFill>';

/** Six labelled native boxes lying on the figure: what a reconstruction would draw. */
const LABELS = Array.from({ length: 6 }, (_, i) =>
  sp({
    id: 20 + i,
    frame: { x: 500000 + i * 1800000, y: 3000000, cx: 1500000, cy: 600000 },
    fill: 'none',
    text: `module ${i}`,
  }),
).join('');

async function audit(tree: string, spec: DeckSpec = {}): Promise<AuditRecord> {
  const deck = await buildDeck({
    ...spec,
    slides: [tree],
    slideRels: [IMAGE_REL],
    extraParts: { 'ppt/media/image1.png': TINY_PNG, ...spec.extraParts },
  });
  return auditPptx('deck.pptx', deck);
}

/** What the cap and the coverage say about a deck, as compared with the plain paste. */
const judged = (r: AuditRecord) => ({
  gate: r.gate.passed,
  largestPictureCoverage: r.largestPictureCoverage,
  cap: effectiveCap(r),
  underlay: r.flags.some((f) => f.code === 'raster-underlay'),
});

const table = (tcPr: string, tblPr = '') =>
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="5" name="Table 5"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>` +
  `<p:xfrm><a:off x="0" y="0"/><a:ext cx="${W}" cy="${H}"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table">` +
  `<a:tbl><a:tblPr>${tblPr}</a:tblPr><a:tblGrid><a:gridCol w="${W}"/></a:tblGrid><a:tr h="${H}"><a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></a:txBody><a:tcPr>${tcPr}</a:tcPr></a:tc></a:tr></a:tbl>` +
  `</a:graphicData></a:graphic></p:graphicFrame>`;

describe('hidden raster carriers are judged like a plain paste', () => {
  let plain: ReturnType<typeof judged>;
  let bare: ReturnType<typeof judged>;
  beforeAll(async () => {
    plain = judged(await audit(pic({ id: 2, frame: FULL }) + LABELS));
    bare = judged(await audit(pic({ id: 2, frame: FULL })));
  });

  it('the plain paste is capped (the reference every attack is compared with)', () => {
    expect(plain).toEqual({ gate: true, largestPictureCoverage: 1, cap: 50, underlay: true });
    expect(bare).toEqual({ gate: true, largestPictureCoverage: 1, cap: 50, underlay: false });
  });

  it('a table cell filled with the figure (a:tcPr/a:blipFill)', async () => {
    expect(judged(await audit(table(BLIP) + LABELS))).toEqual(plain);
    expect(judged(await audit(table(BLIP)))).toEqual(bare);
  });

  it('a table whose own fill is the figure (a:tblPr/a:blipFill)', async () => {
    expect(judged(await audit(table('', BLIP) + LABELS))).toEqual(plain);
  });

  it('a table cell spanning two columns paints both', async () => {
    const spanned = table(BLIP)
      .replace(`<a:gridCol w="${W}"/>`, `<a:gridCol w="${W / 2}"/><a:gridCol w="${W / 2}"/>`)
      .replace('<a:tc>', '<a:tc gridSpan="2">')
      .replace(
        '</a:tc></a:tr>',
        '</a:tc><a:tc hMerge="1"><a:txBody><a:bodyPr/><a:lstStyle/><a:p/></a:txBody><a:tcPr/></a:tc></a:tr>',
      );
    expect(judged(await audit(spanned))).toEqual(bare);
  });

  it('a group fill painted by a child with a:grpFill, at any depth', async () => {
    const child = `<p:sp><p:nvSpPr><p:cNvPr id="4" name="Filled"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${W}" cy="${H}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:grpFill/></p:spPr></p:sp>`;
    const filledGroup = (inner: string) =>
      grp({ id: 3, frame: FULL }, inner).replace(
        /<p:grpSpPr>(.*?)<\/p:grpSpPr>/,
        `<p:grpSpPr>$1${BLIP}</p:grpSpPr>`,
      );
    expect(judged(await audit(filledGroup(child) + LABELS))).toEqual(plain);
    // A nested group that itself takes its parent's fill (a:grpFill) passes the picture down.
    const nested = grp({ id: 6, frame: FULL }, child).replace(
      /<p:grpSpPr>(.*?)<\/p:grpSpPr>/,
      '<p:grpSpPr>$1<a:grpFill/></p:grpSpPr>',
    );
    expect(judged(await audit(filledGroup(nested)))).toEqual(bare);
    // Without the group's picture, a:grpFill paints nothing of the kind.
    expect((await audit(grp({ id: 3, frame: FULL }, child))).largestPictureCoverage).toBe(0);
  });

  it('a picture bullet (a:buBlip) on a text frame covering the slide', async () => {
    const bullet = sp({ id: 7, frame: FULL, txBox: true, text: 'x', sz: 400 }).replace(
      '<a:p>',
      `<a:p><a:pPr marL="0" indent="0"><a:buSzPct val="400000"/><a:buBlip><a:blip r:embed="rId2"/></a:buBlip></a:pPr>`,
    );
    expect(judged(await audit(bullet + LABELS))).toEqual(plain);
    expect(judged(await audit(bullet))).toEqual(bare);
  });

  it('a slide background picture (p:bg/p:bgPr/a:blipFill)', async () => {
    const bg = `<p:bg><p:bgPr>${BLIP}<a:effectLst/></p:bgPr></p:bg>`;
    expect(judged(await audit(LABELS, { slideBg: bg }))).toEqual(plain);
    expect(judged(await audit('', { slideBg: bg }))).toEqual(bare);
  });

  it('a shape whose style names a theme fill that is an image (p:style/a:fillRef)', async () => {
    const styled = sp({ id: 8, frame: FULL }).replace(
      '</p:sp>',
      '<p:style><a:lnRef idx="0"><a:schemeClr val="accent1"/></a:lnRef><a:fillRef idx="2"><a:schemeClr val="accent1"/></a:fillRef><a:effectRef idx="0"><a:schemeClr val="accent1"/></a:effectRef><a:fontRef idx="minor"/></p:style></p:sp>',
    );
    // The theme's second fill style is the figure (its relationship lives in the theme's rels).
    const base = await buildDeck();
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(base);
    const theme = (await zip.file('ppt/theme/theme1.xml')!.async('string'))
      .replace(
        /(<a:fillStyleLst><a:solidFill>.*?<\/a:solidFill>)<a:solidFill>.*?<\/a:solidFill>/,
        `$1${BLIP}`,
      )
      .replace(
        '<a:theme ',
        '<a:theme xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ',
      );
    const extraParts = {
      'ppt/theme/theme1.xml': theme,
      'ppt/theme/_rels/theme1.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${IMAGE_REL}</Relationships>`,
    };
    expect(judged(await audit(styled + LABELS, { extraParts }))).toEqual(plain);
    // An explicit solid fill on the shape overrides the style: no picture.
    const solid = styled.replace(
      '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>',
      '$&<a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill>',
    );
    expect((await audit(solid, { extraParts })).largestPictureCoverage).toBe(0);
  });
});
