import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRenderGate } from '../audit/apply-render-gate.ts';
import { auditPptx } from '../audit/audit-pptx.ts';
import { effectiveCap } from '../audit/flattening-cap.ts';
import { buildDeck, grp, IMAGE_REL, pic, sp } from '../pptx/test-support/build-deck.ts';
import type { AuditRecord, RenderResult } from '../schemas/audit-record.schema.ts';
import { createLibreOfficeRenderer } from './libreoffice-renderer.ts';

// Issue 22 item 1, against real LibreOffice: the render of each hidden-raster attack is measured
// beside its image-free twin, and the caps follow what the render owes to rasters — also for a
// carrier the audit's list does not name. All decks go through one render call (one soffice start).

const W = 12192000;
const H = 6858000;
const FULL = { x: 0, y: 0, cx: W, cy: H };
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const BLIP =
  '<a:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></a:blipFill>';

/** A figure-like raster: white page, three outlined boxes with coloured fills, a thin axis. */
function figurePng(): Buffer {
  const png = new PNG({ width: 320, height: 180 });
  png.data.fill(255);
  const rect = (x0: number, y0: number, w: number, h: number, rgb: [number, number, number]) => {
    for (let y = y0; y < y0 + h; y++)
      for (let x = x0; x < x0 + w; x++) {
        const k = (y * 320 + x) * 4;
        const edge = x === x0 || y === y0 || x === x0 + w - 1 || y === y0 + h - 1;
        [png.data[k], png.data[k + 1], png.data[k + 2]] = edge ? [0, 0, 0] : rgb;
      }
  };
  rect(20, 60, 70, 50, [120, 170, 230]);
  rect(125, 60, 70, 50, [240, 200, 120]);
  rect(230, 60, 70, 50, [150, 220, 150]);
  rect(10, 160, 300, 2, [0, 0, 0]);
  return PNG.sync.write(png);
}

/** Six labelled native boxes (no fill) lying on the figure, as a reconstruction would add. */
const LABELS = Array.from({ length: 6 }, (_, i) =>
  sp({
    id: 20 + i,
    frame: { x: 500000 + i * 1800000, y: 3000000, cx: 1500000, cy: 600000 },
    fill: 'none',
    text: `module ${i}`,
  }),
).join('');

const table = (tcPr: string) =>
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="5" name="Table 5"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>` +
  `<p:xfrm><a:off x="0" y="0"/><a:ext cx="${W}" cy="${H}"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table">` +
  `<a:tbl><a:tblPr/><a:tblGrid><a:gridCol w="${W}"/></a:tblGrid><a:tr h="${H}"><a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></a:txBody><a:tcPr>${tcPr}</a:tcPr></a:tc></a:tr></a:tbl>` +
  `</a:graphicData></a:graphic></p:graphicFrame>`;

const groupFill = grp(
  { id: 3, frame: FULL },
  sp({ id: 4, frame: FULL }).replace('</a:prstGeom>', '</a:prstGeom><a:grpFill/>'),
).replace(/<p:grpSpPr>(.*?)<\/p:grpSpPr>/, `<p:grpSpPr>$1${BLIP}</p:grpSpPr>`);

/** An OLE frame whose preview picture is the figure: the audit flags it, but counts no picture. */
const OLE =
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="6" name="Object 6"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>` +
  `<p:xfrm><a:off x="0" y="0"/><a:ext cx="${W}" cy="${H}"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole">` +
  `<p:oleObj name="Figure" progId="Paint.Picture" spid="" showAsIcon="0"><p:embed/><p:pic><p:nvPicPr><p:cNvPr id="0" name=""/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>` +
  `<p:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${W}" cy="${H}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic></p:oleObj>` +
  `</a:graphicData></a:graphic></p:graphicFrame>`;

const alternate = (choice: string, fallback: string, requires: string, decls = '') =>
  `<mc:AlternateContent xmlns:mc="${MC}"><mc:Choice ${decls} Requires="${requires}">${choice}</mc:Choice><mc:Fallback>${fallback}</mc:Fallback></mc:AlternateContent>`;
const PICTURE = pic({ id: 2, frame: FULL });

const DECKS: Record<string, { tree: string; bg?: string; noImage?: boolean }> = {
  plain: { tree: PICTURE + LABELS },
  'table-cell': { tree: table(BLIP) + LABELS },
  'group-fill': { tree: groupFill + LABELS },
  background: { tree: LABELS, bg: `<p:bg><p:bgPr>${BLIP}<a:effectLst/></p:bgPr></p:bg>` },
  // LibreOffice would take the Choice (prefix "a14"); the audit reads the Fallback.
  'choice-for-libreoffice': {
    tree: alternate(PICTURE, LABELS, 'a14', 'xmlns:a14="urn:not-drawingml-2010"'),
  },
  // LibreOffice would take the Fallback (it does not know the prefix "p"); the audit reads the Choice.
  'fallback-for-libreoffice': { tree: alternate(LABELS, PICTURE, 'p') },
  native: { tree: LABELS, noImage: true },
  'unused-image': { tree: LABELS },
  icon: { tree: pic({ id: 2, frame: { x: 0, y: 0, cx: W / 10, cy: H / 10 } }) + LABELS },
  ole: { tree: OLE + LABELS },
  'ole-alone': { tree: OLE },
};

const work = mkdtempSync(join(tmpdir(), 'figboard-rendered-rasters-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('rasters measured from the render (real LibreOffice)', () => {
  const audits = new Map<string, AuditRecord>();
  const renders = new Map<string, RenderResult>();
  beforeAll(async () => {
    const figure = figurePng();
    const jobs = [];
    for (const [id, d] of Object.entries(DECKS)) {
      const bytes = await buildDeck({
        slides: [d.tree],
        ...(d.bg ? { slideBg: d.bg } : {}),
        ...(d.noImage
          ? {}
          : { slideRels: [IMAGE_REL], extraParts: { 'ppt/media/image1.png': figure } }),
      });
      const path = join(work, `${id}.pptx`);
      writeFileSync(path, bytes);
      audits.set(id, await auditPptx(`${id}.pptx`, bytes));
      jobs.push({ id, path });
    }
    const results = await createLibreOfficeRenderer({ tmpRoot: work }).render(jobs, {
      outDir: join(work, 'out'),
      dpi: 40,
      workers: 1,
      timeoutMs: 60_000,
      measureRasters: true,
    });
    for (const [id, r] of results) {
      renders.set(id, r);
      applyRenderGate(audits.get(id)!, r);
    }
  });

  const coverage = (id: string) => renders.get(id)?.rasters?.coverage;
  const cap = (id: string) => effectiveCap(audits.get(id)!);

  it('measures a plain paste as covering the slide, and caps it', () => {
    expect(renders.get('plain')?.passed).toBe(true);
    expect(coverage('plain')).toBeGreaterThan(0.95);
    expect(cap('plain')).toBe(50);
  });

  it('measures the table-cell, group-fill and background pastes like the plain one', () => {
    for (const id of ['table-cell', 'group-fill', 'background']) {
      expect(coverage(id), id).toBeGreaterThan(0.95);
      expect(cap(id), id).toBe(50);
    }
  });

  it('catches a carrier the audit does not list (an OLE preview picture) from the render alone', () => {
    const audit = audits.get('ole')!;
    // The audit flags the object but counts no picture: alone, it would leave the paste uncapped.
    expect(audit.largestPictureCoverage).toBe(0);
    expect(audit.flags.map((f) => f.code)).toContain('embedded-object');
    expect(coverage('ole')).toBeGreaterThan(0.95);
    expect(audit.renderedRasterCoverage).toBe(coverage('ole'));
    expect(cap('ole')).toBe(50);
    expect(audit.flags.map((f) => f.code)).toContain('raster-underlay');
    // Without native objects on it, the paper's c(P) itself takes the rendered coverage.
    expect(audits.get('ole-alone')).toMatchObject({ largestPictureCoverage: 0, cap: 50 });
  });

  it('draws the AlternateContent branch the audit read, in both directions', () => {
    const ids = ['choice-for-libreoffice', 'fallback-for-libreoffice'];
    // The picture was only in the branch the audit did not read: LibreOffice no longer draws it.
    expect(ids.map((id) => [id, renders.get(id)?.passed, (coverage(id) ?? 1) < 0.02])).toEqual(
      ids.map((id) => [id, true, true]),
    );
    for (const id of ids) expect(audits.get(id)?.largestPictureCoverage, id).toBe(0);
  });

  it('leaves honest decks alone: no image, no twin; a small icon measures as small', () => {
    expect(renders.get('native')?.rasters).toBeUndefined();
    expect(cap('native')).toBe(100);
    expect(renders.get('unused-image')?.rasters).toEqual({ coverage: 0, regions: [] });
    expect(cap('unused-image')).toBe(100);
    expect(coverage('icon')).toBeGreaterThan(0.005);
    expect(coverage('icon')).toBeLessThan(0.02);
    expect(cap('icon')).toBe(100);
  });
});
