import { XMLParser } from 'fast-xml-parser';
import { FigboardError } from '../errors/index.ts';

/** Largest XML document read from a remote service (an arXiv listing page is ~1–2 MB). */
export const MAX_XML_BYTES = 20 * 1024 * 1024;

/**
 * Parses XML from a remote service without trusting it: documents over `MAX_XML_BYTES` and any
 * `<!DOCTYPE` / `<!ENTITY` (entity expansion, external entities) are refused before parsing, and
 * the parser never expands entities. Namespace prefixes are dropped; attributes come as `@_name`.
 * `arrays` names elements that must always be arrays (e.g. `entry`, `author`).
 */
export function parseSafeXml(text: string, where: string, arrays: readonly string[] = []): Record<string, unknown> {
  if (Buffer.byteLength(text) > MAX_XML_BYTES) {
    throw new FigboardError('XML response is too large', { code: 'xml-too-large', where, expected: `≤ ${MAX_XML_BYTES} bytes` });
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new FigboardError('XML with a DOCTYPE or ENTITY declaration is refused', { code: 'xml-doctype', where, hint: 'entity declarations enable expansion bombs and external entities' });
  }
  const arraySet = new Set(arrays);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => arraySet.has(name),
  });
  try {
    return parser.parse(text, true) as Record<string, unknown>;
  } catch (err) {
    throw new FigboardError(`malformed XML: ${(err as Error).message}`, { code: 'xml-malformed', where, cause: err });
  }
}

/** Text content of a parsed node (string, or `#text` of an element with attributes). */
export function xmlText(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (typeof node === 'object' && '#text' in (node as Record<string, unknown>)) return xmlText((node as Record<string, unknown>)['#text']);
  return '';
}

/** The five predefined XML entities and numeric references, decoded after a safe parse. */
export function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e]!;
  });
}

/** Whitespace runs collapsed to one space, trimmed (arXiv titles and abstracts wrap lines). */
export const squash = (s: string) => decodeXmlEntities(s).replace(/\s+/g, ' ').trim();
