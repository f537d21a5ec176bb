import { openZip, type ZipArchive } from '../pptx/open-zip.ts';
import { parseXml, type XmlElement } from '../pptx/parse-xml.ts';
import { PptxReadError } from '../pptx/pptx-read-error.ts';
import { DEFAULT_READER_LIMITS } from '../pptx/reader-limits.ts';
import { writeZip } from '../pptx/write-zip.ts';
import { resolveAlternateContent } from './resolve-alternate-content.ts';
import type { GateReason } from '../schemas/audit-record.schema.ts';

/** Cheap bounds re-checked before a deck reaches LibreOffice (the safe reader checked them in depth). */
export interface DeckLimits {
  /** Size of the .pptx file itself. */
  maxDeckBytes: number;
  maxEntries: number;
  /** Sum of the inflated sizes the zip declares (a liar is caught by the safe reader, not here). */
  maxDeclaredInflatedBytes: number;
  /** Inflated size of one `*.rels` part; these are the only parts inflated here, and with a hard cap. */
  maxRelsBytes: number;
}

export const DEFAULT_DECK_LIMITS: DeckLimits = {
  maxDeckBytes: 100 * 1024 * 1024,
  maxEntries: 10_000,
  maxDeclaredInflatedBytes: 1024 * 1024 * 1024,
  maxRelsBytes: 1024 * 1024,
};

/** A relationship that was pointed away from the outside world. */
export interface NeutralisedLink {
  /** The `*.rels` part it was in. */
  part: string;
  id: string;
  /** Original target, truncated to 200 characters. */
  target: string;
}

export interface SanitizedDeck {
  /** Bytes to hand to LibreOffice: the original bytes when nothing needed changing. */
  bytes: Uint8Array;
  neutralised: NeutralisedLink[];
  /** Parts whose `mc:AlternateContent` were resolved to the branch the audit reads. */
  resolvedParts: string[];
}

/** Why a deck was refused before conversion. */
export class DeckRefusedError extends Error {
  constructor(
    readonly reason: GateReason,
    message: string,
  ) {
    super(message);
    this.name = 'DeckRefusedError';
  }
}

/**
 * Where a neutralised relationship now points: an internal part that does not exist, so the
 * reference resolves inside the package and finds nothing (no file, no URL, no network).
 */
export const NEUTRAL_TARGET = 'figboard-removed-external-target';

const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * Returns a copy of a deck in which no relationship can reach outside the package: every
 * relationship with `TargetMode` other than `Internal`, and every "internal" one whose target has
 * a URL scheme (`http:`, `file:`, `smb:`…), starts with `//` or contains a backslash, is rewritten
 * to an internal target that does not exist. This covers linked pictures (`r:link`), hyperlinks,
 * OLE links, external chart data and linked media — LibreOffice fetches linked pictures while
 * converting, which would both leak the grader's address and let a deck read local files into
 * its render. Entry count, file size and declared inflated size are re-checked cheaply with the
 * project's bounded zip reader (`pptx/open-zip.ts`, which the audit gate already ran on the deck);
 * only the small `*.rels` parts are inflated, each with a hard output cap, and parsed with the
 * project's XML parser. Unchanged parts keep their compressed bytes.
 */
export async function sanitizeDeck(
  bytes: Uint8Array,
  limits: DeckLimits = DEFAULT_DECK_LIMITS,
): Promise<SanitizedDeck> {
  if (bytes.length > limits.maxDeckBytes) {
    throw new DeckRefusedError(
      'too-large',
      `deck is ${bytes.length} bytes, over the ${limits.maxDeckBytes}-byte limit`,
    );
  }
  const declaredEntries = countZipEntries(bytes, limits.maxEntries);
  if (declaredEntries === null)
    throw new DeckRefusedError('not-a-zip', 'no zip end-of-central-directory record');
  if (declaredEntries > limits.maxEntries) {
    throw new DeckRefusedError(
      'too-many-entries',
      `at least ${declaredEntries} zip entries, over the limit of ${limits.maxEntries}`,
    );
  }
  let zip: ZipArchive;
  try {
    // Reads the central directory only (names, sizes, overlaps checked); nothing is inflated.
    zip = openZip(
      bytes,
      {
        ...DEFAULT_READER_LIMITS,
        maxFileBytes: limits.maxDeckBytes,
        maxEntries: limits.maxEntries,
        maxEntryBytes: limits.maxDeclaredInflatedBytes,
        maxTotalBytes: limits.maxDeclaredInflatedBytes,
      },
      'deck',
    );
  } catch (err) {
    throw refusal(err);
  }
  const entries = zip.entries.filter((e) => !e.isDirectory);

  const neutralised: NeutralisedLink[] = [];
  const rewrites = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.name.toLowerCase().endsWith('.rels')) continue;
    let xml: string;
    try {
      xml = zip.readText(entry.name, limits.maxRelsBytes);
    } catch (err) {
      throw refusal(err);
    }
    const result = neutraliseRelationships(entry.name, xml);
    if (result.neutralised.length > 0) {
      neutralised.push(...result.neutralised);
      rewrites.set(entry.name, result.xml);
    }
  }
  // LibreOffice must draw the mc:AlternateContent branch the audit read, not pick its own.
  const resolvedParts: string[] = [];
  for (const entry of entries) {
    const name = entry.name;
    if (!/\.xml$/i.test(name) || entry.size > DEFAULT_READER_LIMITS.maxXmlPartBytes) continue;
    let resolved: string | null;
    try {
      resolved = resolveAlternateContent(
        zip.readText(name, DEFAULT_READER_LIMITS.maxXmlPartBytes),
        name,
        DEFAULT_READER_LIMITS,
      );
    } catch (err) {
      throw refusal(err);
    }
    if (resolved !== null) {
      resolvedParts.push(name);
      rewrites.set(name, resolved);
    }
  }
  if (rewrites.size === 0) return { bytes, neutralised, resolvedParts };
  // Every entry in directory order; untouched ones keep their stored bytes (not re-compressed).
  const out = writeZip(
    zip.entries.map((e) => {
      const xml = rewrites.get(e.name);
      if (xml !== undefined) return { name: e.name, data: xml };
      return {
        name: e.name,
        raw: { method: e.method, bytes: zip.storedBytes(e), crc32: e.crc32, size: e.size },
      };
    }),
  );
  return { bytes: out, neutralised, resolvedParts };
}

/** The bounded reader's refusal as the sanitizer's (same gate reason and message). */
function refusal(err: unknown): unknown {
  if (err instanceof PptxReadError) return new DeckRefusedError(err.reason, err.message);
  return err;
}

/** Bounds for parsing one relationships part (a real one holds a few dozen elements). */
const RELS_XML_LIMITS = { maxXmlDepth: 32, maxXmlElements: 100_000 };

/** An element's name without its namespace (`rel:Relationship`, `{uri}Relationship` → `Relationship`). */
function localName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf(':'), name.lastIndexOf('}')) + 1);
}

function countElements(el: XmlElement, local: string): number {
  let n = localName(el.name) === local ? 1 : 0;
  for (const c of el.children) n += countElements(c, local);
  return n;
}

/**
 * Rewrites one relationships part so none of its relationships leaves the package. Pure; exported
 * for tests. Throws DeckRefusedError when the part is not plain, well-formed XML (a DOCTYPE is
 * refused outright: entity expansion has no business in a relationships part).
 */
export function neutraliseRelationships(
  part: string,
  xml: string,
): { xml: string; neutralised: NeutralisedLink[] } {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new DeckRefusedError(
      'xml-doctype',
      `${part}: relationships part declares a DOCTYPE/ENTITY`,
    );
  let root: XmlElement;
  try {
    root = parseXml(xml, part, RELS_XML_LIMITS);
  } catch (err) {
    if (err instanceof PptxReadError)
      throw new DeckRefusedError('xml-malformed', `${part}: ${err.message}`);
    throw err;
  }
  if (localName(root.name) !== 'Relationships')
    throw new DeckRefusedError('xml-malformed', `${part}: root element is not Relationships`);
  const rels = root.children.filter((c) => localName(c.name) === 'Relationship');
  // Every Relationship element LibreOffice could see must be one we examined: a stray one (nested
  // elsewhere, odd namespace) would otherwise pass through unchecked.
  const seen = countElements(root, 'Relationship');
  if (seen !== rels.length) {
    throw new DeckRefusedError(
      'xml-malformed',
      `${part}: ${seen} Relationship elements, ${rels.length} of them where expected`,
    );
  }
  const neutralised: NeutralisedLink[] = [];
  const kept = rels.map((rel) => {
    const attr = (k: string) => rel.attrs[k] ?? '';
    const id = attr('Id');
    const target = attr('Target');
    const mode = attr('TargetMode');
    const escapes =
      (mode !== '' && mode !== 'Internal') ||
      /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(target.trim()) ||
      /^\s*[\\/]{2}/.test(target) ||
      target.includes('\\');
    if (escapes) neutralised.push({ part, id, target: target.slice(0, 200) });
    return { id, type: attr('Type'), target: escapes ? NEUTRAL_TARGET : target };
  });
  if (neutralised.length === 0) return { xml, neutralised };
  // Rebuilt from scratch rather than patched: nothing else the original part carried survives.
  const body = kept
    .map(
      (r) =>
        `<Relationship Id="${escapeAttr(r.id)}" Type="${escapeAttr(r.type)}" Target="${escapeAttr(r.target)}"/>`,
    )
    .join('');
  return {
    xml: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS_NS}">${body}</Relationships>`,
    neutralised,
  };
}

/**
 * Counts central-directory entries by walking their fixed-size headers (no allocation per entry),
 * stopping as soon as `limit` is exceeded — so a small file listing millions of entries is refused
 * before the directory is read entry by entry. Returns null when there is no end-of-central-directory
 * record (not a zip). Handles zip64 end records.
 */
export function countZipEntries(bytes: Uint8Array, limit: number): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  let declared = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  // zip64: the real numbers are in the zip64 end record the locator (just before EOCD) points at.
  if (
    (declared === 0xffff || offset === 0xffffffff) &&
    eocd >= 20 &&
    view.getUint32(eocd - 20, true) === 0x07064b50
  ) {
    const rec = Number(view.getBigUint64(eocd - 12, true));
    if (rec + 56 <= bytes.length && view.getUint32(rec, true) === 0x06064b50) {
      declared = Number(view.getBigUint64(rec + 32, true));
      offset = Number(view.getBigUint64(rec + 48, true));
    }
  }
  let count = 0;
  let pos = offset;
  while (pos + 46 <= bytes.length && view.getUint32(pos, true) === 0x02014b50) {
    count += 1;
    if (count > limit) return count;
    pos +=
      46 +
      view.getUint16(pos + 28, true) +
      view.getUint16(pos + 30, true) +
      view.getUint16(pos + 32, true);
  }
  // Data prepended to the zip shifts the offsets; then the declared count is the best cheap answer.
  return count === 0 ? declared : Math.max(count, declared);
}

function escapeAttr(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
