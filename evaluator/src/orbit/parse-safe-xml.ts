import { FigboardError } from '../errors/index.ts';
import { parseXml, type XmlElement } from '../pptx/parse-xml.ts';

export type { XmlElement };

/** Largest XML document read from a remote service (an arXiv listing page is ~1–2 MB). */
export const MAX_XML_BYTES = 20 * 1024 * 1024;

/**
 * Parses XML from a remote service (arXiv API, OAI-PMH) with the project's strict parser — the
 * one the PPTX reader uses: any `<!DOCTYPE`/`<!ENTITY` is refused (no entity expansion, no
 * external entities), malformed XML fails, depth and element count are bounded. Documents over
 * `MAX_XML_BYTES` are refused before parsing.
 */
export function parseRemoteXml(text: string, where: string): XmlElement {
  if (Buffer.byteLength(text) > MAX_XML_BYTES) {
    throw new FigboardError('XML response is too large', {
      code: 'xml-too-large',
      where,
      expected: `≤ ${MAX_XML_BYTES} bytes`,
    });
  }
  return parseXml(text, where, { maxXmlDepth: 64, maxXmlElements: 500_000 });
}

/** Element name without namespace (`{uri}entry`, `arxiv:primary_category` → `entry`, `primary_category`). */
export const localName = (name: string) => name.replace(/^\{[^}]*\}/, '').replace(/^[^:]*:/, '');

/** Children with the given local name. */
export const kids = (el: XmlElement | undefined, local: string): XmlElement[] =>
  el?.children.filter((c) => localName(c.name) === local) ?? [];

/** First child with the given local name. */
export const kid = (el: XmlElement | undefined, local: string): XmlElement | undefined =>
  kids(el, local)[0];

/** Whitespace runs collapsed to one space, trimmed (arXiv titles and abstracts wrap lines). */
export const squash = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
