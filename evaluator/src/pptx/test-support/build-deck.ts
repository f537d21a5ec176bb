import JSZip from 'jszip';

// Small, valid PPTX decks built in tests, so every audit rule is exercised on a real zip with
// real OOXML parts (the same shapes python-pptx and PowerPoint write), not on hand-made objects.

const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TREE_HEAD =
  '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';

/** What a test deck contains. Shape XML goes into `p:spTree` as written (use the helpers below). */
export interface DeckSpec {
  /** spTree content of each slide; default one empty slide. `[]` makes a deck without slides. */
  slides?: string[];
  slideSize?: { cx: number; cy: number };
  /** Attributes on `<p:sld>` (e.g. `showMasterSp="0"`). */
  slideAttrs?: string;
  /** `<p:bg>…</p:bg>` of slide 1, the layout and the master. */
  slideBg?: string;
  layoutBg?: string;
  masterBg?: string;
  /** spTree content of the layout and the master (placeholders, pictures). */
  layoutShapes?: string;
  masterShapes?: string;
  /** Extra `<Relationship …/>` elements in slide 1's rels (ids from rId10 are free). */
  slideRels?: string[];
  /** Extra parts, by name (bytes or text), added or replacing the generated ones. */
  extraParts?: Record<string, string | Uint8Array>;
  /** Extra `<Override …/>` / `<Default …/>` elements in `[Content_Types].xml`. */
  contentTypes?: string[];
  /** Main part content type (default: a .pptx presentation). */
  mainContentType?: string;
  /** Theme colours dk1, lt1, dk2, lt2, accent1 (hex without #). */
  theme?: Partial<Record<'dk1' | 'lt1' | 'dk2' | 'lt2' | 'accent1', string>>;
}

/** The parts of a test deck, by name, before zipping (tests that craft hostile zips start here). */
export function deckParts(spec: DeckSpec = {}): Record<string, string | Uint8Array> {
  const slides = spec.slides ?? [''];
  const size = spec.slideSize ?? { cx: 12192000, cy: 6858000 };
  const theme = {
    dk1: '000000',
    lt1: 'FFFFFF',
    dk2: '44546A',
    lt2: 'E7E6E6',
    accent1: '4472C4',
    ...spec.theme,
  };
  const parts: Record<string, string | Uint8Array> = {};
  parts['[Content_Types].xml'] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
    `<Default Extension="png" ContentType="image/png"/>` +
    `<Override PartName="/ppt/presentation.xml" ContentType="${spec.mainContentType ?? 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'}"/>` +
    slides
      .map(
        (_, i) =>
          `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
      )
      .join('') +
    `<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>` +
    `<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/>` +
    `<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>` +
    (spec.contentTypes ?? []).join('') +
    `</Types>`;
  parts['_rels/.rels'] = rels([
    `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/>`,
  ]);
  parts['ppt/presentation.xml'] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:presentation ${NS}>` +
    `<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>` +
    (slides.length > 0
      ? `<p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${10 + i}"/>`).join('')}</p:sldIdLst>`
      : '') +
    `<p:sldSz cx="${size.cx}" cy="${size.cy}"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`;
  parts['ppt/_rels/presentation.xml.rels'] = rels([
    `<Relationship Id="rId1" Type="${REL}/slideMaster" Target="slideMasters/slideMaster1.xml"/>`,
    `<Relationship Id="rId2" Type="${REL}/theme" Target="theme/theme1.xml"/>`,
    ...slides.map(
      (_, i) =>
        `<Relationship Id="rId${10 + i}" Type="${REL}/slide" Target="slides/slide${i + 1}.xml"/>`,
    ),
  ]);
  slides.forEach((tree, i) => {
    parts[`ppt/slides/slide${i + 1}.xml`] =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld ${NS}${spec.slideAttrs && i === 0 ? ` ${spec.slideAttrs}` : ''}><p:cSld>${i === 0 ? (spec.slideBg ?? '') : ''}<p:spTree>${TREE_HEAD}${tree}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
    parts[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = rels([
      `<Relationship Id="rId1" Type="${REL}/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>`,
      ...(i === 0 ? (spec.slideRels ?? []) : []),
    ]);
  });
  parts['ppt/slideLayouts/slideLayout1.xml'] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sldLayout ${NS} type="blank" preserve="1"><p:cSld name="Blank">${spec.layoutBg ?? ''}<p:spTree>${TREE_HEAD}${spec.layoutShapes ?? ''}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`;
  parts['ppt/slideLayouts/_rels/slideLayout1.xml.rels'] = rels([
    `<Relationship Id="rId1" Type="${REL}/slideMaster" Target="../slideMasters/slideMaster1.xml"/>`,
  ]);
  parts['ppt/slideMasters/slideMaster1.xml'] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sldMaster ${NS}><p:cSld>${spec.masterBg ?? ''}<p:spTree>${TREE_HEAD}${spec.masterShapes ?? ''}</p:spTree></p:cSld>` +
    `<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>` +
    `<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`;
  parts['ppt/slideMasters/_rels/slideMaster1.xml.rels'] = rels([
    `<Relationship Id="rId1" Type="${REL}/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>`,
    `<Relationship Id="rId2" Type="${REL}/theme" Target="../theme/theme1.xml"/>`,
  ]);
  const clr = (name: string, hex: string) => `<a:${name}><a:srgbClr val="${hex}"/></a:${name}>`;
  parts['ppt/theme/theme1.xml'] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Test"><a:themeElements>` +
    `<a:clrScheme name="Test">${clr('dk1', theme.dk1)}${clr('lt1', theme.lt1)}${clr('dk2', theme.dk2)}${clr('lt2', theme.lt2)}${clr('accent1', theme.accent1)}` +
    `${clr('accent2', 'ED7D31')}${clr('accent3', 'A5A5A5')}${clr('accent4', 'FFC000')}${clr('accent5', '5B9BD5')}${clr('accent6', '70AD47')}${clr('hlink', '0563C1')}${clr('folHlink', '954F72')}</a:clrScheme>` +
    `<a:fontScheme name="Test"><a:majorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme>` +
    `<a:fmtScheme name="Test"><a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:fillStyleLst>` +
    `<a:lnStyleLst><a:ln w="6350"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="12700"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="19050"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln></a:lnStyleLst>` +
    `<a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst>` +
    `<a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:bgFillStyleLst></a:fmtScheme>` +
    `</a:themeElements></a:theme>`;
  for (const [name, content] of Object.entries(spec.extraParts ?? {})) parts[name] = content;
  return parts;
}

/** Zips parts with jszip (deflate, fixed dates so the same spec gives the same bytes). */
export async function zipParts(parts: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const zip = new JSZip();
  const date = new Date(Date.UTC(2026, 0, 1));
  for (const [name, content] of Object.entries(parts))
    zip.file(name, content, { date, createFolders: false });
  return zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
}

/** A valid one-slide (by default) deck. */
export async function buildDeck(spec: DeckSpec = {}): Promise<Uint8Array> {
  return zipParts(deckParts(spec));
}

function rels(items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
}

/** A frame: position and size in EMU, optional rotation (degrees) and flips. */
export interface FrameSpec {
  x: number;
  y: number;
  cx: number;
  cy: number;
  rot?: number;
  flipH?: boolean;
  flipV?: boolean;
}

function xfrm(f: FrameSpec, extra = ''): string {
  const attrs = `${f.rot ? ` rot="${Math.round(f.rot * 60000)}"` : ''}${f.flipH ? ' flipH="1"' : ''}${f.flipV ? ' flipV="1"' : ''}`;
  return `<a:xfrm${attrs}><a:off x="${f.x}" y="${f.y}"/><a:ext cx="${f.cx}" cy="${f.cy}"/>${extra}</a:xfrm>`;
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A `p:sp`. `frame: null` omits `a:xfrm` (a placeholder inheriting its geometry). */
export function sp(o: {
  id: number;
  name?: string;
  frame: FrameSpec | null;
  prst?: string;
  custGeom?: string;
  txBox?: boolean;
  text?: string | string[];
  sz?: number;
  fill?: string;
  textColor?: string;
  ph?: { type?: string; idx?: number };
  line?: string;
  bodyPr?: string;
  blipFill?: string;
  /** Paragraph alignment (`a:pPr@algn`), e.g. `ctr` for a centred label. */
  align?: 'l' | 'ctr' | 'r';
}): string {
  const pPr = o.align ? `<a:pPr algn="${o.align}"/>` : '';
  const paragraphs = o.text === undefined ? [] : Array.isArray(o.text) ? o.text : [o.text];
  const rPr = `<a:rPr lang="en-US"${o.sz !== undefined ? ` sz="${Math.round(o.sz * 100)}"` : ''}>${o.textColor ? `<a:solidFill><a:srgbClr val="${o.textColor}"/></a:solidFill>` : ''}</a:rPr>`;
  const txBody =
    paragraphs.length > 0 || o.ph
      ? `<p:txBody>${o.bodyPr ?? '<a:bodyPr/>'}<a:lstStyle/>${(paragraphs.length > 0 ? paragraphs : ['']).map((t) => `<a:p>${pPr}${t ? `<a:r>${rPr}<a:t>${escapeXml(t)}</a:t></a:r>` : ''}</a:p>`).join('')}</p:txBody>`
      : '';
  const geom =
    o.custGeom ??
    (o.ph && !o.prst ? '' : `<a:prstGeom prst="${o.prst ?? 'rect'}"><a:avLst/></a:prstGeom>`);
  const fill =
    o.blipFill ??
    (o.fill === 'none'
      ? '<a:noFill/>'
      : o.fill
        ? `<a:solidFill><a:srgbClr val="${o.fill}"/></a:solidFill>`
        : '');
  const ph = o.ph
    ? `<p:ph${o.ph.type ? ` type="${o.ph.type}"` : ''}${o.ph.idx !== undefined ? ` idx="${o.ph.idx}"` : ''}/>`
    : '';
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${o.id}" name="${escapeXml(o.name ?? `Shape ${o.id}`)}"/><p:cNvSpPr${o.txBox ? ' txBox="1"' : ''}/><p:nvPr>${ph}</p:nvPr></p:nvSpPr>` +
    `<p:spPr>${o.frame ? xfrm(o.frame) : ''}${geom}${fill}${o.line ?? ''}</p:spPr>${txBody}</p:sp>`
  );
}

/** A `p:cxnSp` connector, optionally attached (`st`/`end` = shape id and site index) with arrowheads. */
export function cxn(o: {
  id: number;
  frame: FrameSpec;
  prst?: string;
  st?: [number, number];
  end?: [number, number];
  head?: string;
  tail?: string;
  dash?: string;
  /** Replaces the default `a:ln` (1 pt, #333333) — e.g. {@link lineXml} with `noFill`. */
  line?: string;
}): string {
  const st = o.st ? `<a:stCxn id="${o.st[0]}" idx="${o.st[1]}"/>` : '';
  const en = o.end ? `<a:endCxn id="${o.end[0]}" idx="${o.end[1]}"/>` : '';
  const ln = o.line ?? lineXml({ dash: o.dash, head: o.head, tail: o.tail });
  return (
    `<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="${o.id}" name="Connector ${o.id}"/><p:cNvCxnSpPr>${st}${en}</p:cNvCxnSpPr><p:nvPr/></p:nvCxnSpPr>` +
    `<p:spPr>${xfrm(o.frame)}<a:prstGeom prst="${o.prst ?? 'straightConnector1'}"><a:avLst/></a:prstGeom>${ln}</p:spPr></p:cxnSp>`
  );
}

/** An `a:ln`: width in EMU (default 12 700 = 1 pt), colour (hex, or `none` for `a:noFill`), dash and arrowheads. */
export function lineXml(
  o: { w?: number; color?: string; dash?: string; head?: string; tail?: string } = {},
): string {
  const color = o.color ?? '333333';
  const fill =
    color === 'none' ? '<a:noFill/>' : `<a:solidFill><a:srgbClr val="${color}"/></a:solidFill>`;
  return `<a:ln w="${o.w ?? 12700}">${fill}${o.dash ? `<a:prstDash val="${o.dash}"/>` : ''}${o.head ? `<a:headEnd type="${o.head}"/>` : ''}${o.tail ? `<a:tailEnd type="${o.tail}"/>` : ''}</a:ln>`;
}

/** A `p:pic` referencing `r:embed` (default rId2) or, with `link`, an external `r:link`. */
export function pic(o: {
  id: number;
  frame: FrameSpec;
  embed?: string;
  link?: string;
  /** Crop (`a:srcRect`): the share of the image cut from each side, in 1/1000 of a percent. */
  crop?: { l: number; t: number; r: number; b: number };
}): string {
  const blip = o.link ? `<a:blip r:link="${o.link}"/>` : `<a:blip r:embed="${o.embed ?? 'rId2'}"/>`;
  const crop = o.crop
    ? `<a:srcRect l="${o.crop.l}" t="${o.crop.t}" r="${o.crop.r}" b="${o.crop.b}"/>`
    : '';
  return (
    `<p:pic><p:nvPicPr><p:cNvPr id="${o.id}" name="Picture ${o.id}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>` +
    `<p:blipFill>${blip}${crop}<a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr>${xfrm(o.frame)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`
  );
}

/** A `p:grpSp` with its own frame and child space (`ch` defaults to the frame: no scaling). */
export function grp(
  o: { id: number; frame: FrameSpec; ch?: { x: number; y: number; cx: number; cy: number } },
  children: string,
): string {
  const ch = o.ch ?? o.frame;
  return (
    `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="${o.id}" name="Group ${o.id}"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>` +
    `<p:grpSpPr>${xfrm(o.frame, `<a:chOff x="${ch.x}" y="${ch.y}"/><a:chExt cx="${ch.cx}" cy="${ch.cy}"/>`)}</p:grpSpPr>${children}</p:grpSp>`
  );
}

/** A 1×1 PNG, for decks that embed a picture. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** Slide rels entry for an embedded picture at `ppt/media/image1.png` (pair with `extraParts`). */
export const IMAGE_REL = `<Relationship Id="rId2" Type="${REL}/image" Target="../media/image1.png"/>`;

/** Rewrites one text part of a zipped deck with `edit` (tests that turn an honest deck into an attack). */
export async function rewritePart(
  deck: Uint8Array,
  name: string,
  edit: (xml: string) => string,
): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(deck);
  const xml = await zip.file(name)!.async('string');
  zip.file(name, edit(xml), { date: new Date(Date.UTC(2026, 0, 1)) });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
