import { PptxReadError } from './pptx-read-error.ts';

/**
 * One element of a parsed OOXML part. Names are canonical whatever prefix the file used: the
 * namespaces a deck uses are mapped to their usual prefixes (`p:`, `a:`, `r:`, `mc:`, …), other
 * namespaces are written `{uri}local`, and names without a namespace stay bare.
 */
export interface XmlElement {
  name: string;
  /** Attributes by canonical name (`id`, `r:embed`, …); namespace declarations are not kept. */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside the element (entities decoded, CDATA included). */
  text: string;
}

/** Limits the parser enforces while it reads (see `ReaderLimits`). */
export interface XmlLimits {
  maxXmlDepth: number;
  maxXmlElements: number;
  /** Attributes on one element (default 256 when absent). */
  maxXmlAttributes?: number;
}

/** Namespace URIs FigBoard understands, mapped to the prefixes used in canonical names. */
export const KNOWN_NAMESPACES: Readonly<Record<string, string>> = Object.freeze({
  'http://schemas.openxmlformats.org/presentationml/2006/main': 'p',
  'http://purl.oclc.org/ooxml/presentationml/main': 'p',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://purl.oclc.org/ooxml/drawingml/main': 'a',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships': 'r',
  'http://purl.oclc.org/ooxml/officeDocument/relationships': 'r',
  'http://schemas.openxmlformats.org/markup-compatibility/2006': 'mc',
  'http://schemas.openxmlformats.org/package/2006/relationships': 'rel',
  'http://schemas.openxmlformats.org/package/2006/content-types': 'ct',
  'http://schemas.openxmlformats.org/drawingml/2006/chart': 'c',
  'http://schemas.openxmlformats.org/drawingml/2006/diagram': 'dgm',
  'http://www.w3.org/XML/1998/namespace': 'xml',
});

/** Attribute under which `mc:Choice@Requires` is stored with its prefixes resolved to namespace URIs. */
export const REQUIRES_NS_ATTR = '#requires-ns';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
type Scope = Record<string, string | undefined>;
const ROOT_SCOPE: Scope = Object.freeze(
  Object.assign(Object.create(null) as Scope, { xml: XML_NS }),
);

/**
 * A strict, small XML parser for OOXML parts. It refuses what OOXML never needs and attackers
 * love: any `<!DOCTYPE`/`<!ENTITY` (so no entity expansion, no external entities), undeclared
 * entities, undeclared namespace prefixes, mismatched or unclosed tags, duplicate attributes,
 * text outside the root, nesting deeper than `maxXmlDepth`, more than `maxXmlElements` elements.
 * It never fetches anything and keeps only what the audit reads.
 *
 * Why not a general-purpose parser: fast-xml-parser 5 accepts `<a><b></a>` silently and needs a
 * second validation pass; this one checks well-formedness in the same single pass and is several
 * times faster on slide-sized parts (the audit budget is ~3 ms per deck).
 */
export function parseXml(text: string, where: string, limits: XmlLimits): XmlElement {
  const s = text;
  const n = s.length;
  let i = 0;
  let root: XmlElement | undefined;
  const stack: XmlElement[] = [];
  const rawNames: string[] = [];
  const scopes: Scope[] = [ROOT_SCOPE];
  const nameCache = new Map<Scope, Map<string, string>>();
  let elements = 0;

  const fail: (message: string, at: number) => never = (message, at) => {
    const { line, col } = position(s, at);
    throw new PptxReadError('xml-malformed', `malformed XML: ${message}`, {
      where: `${where}:${line}:${col}`,
    });
  };

  while (i < n) {
    const lt = s.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        if (!isBlank(s, i, textEnd)) fail('text outside the root element', i);
      } else {
        top.text += decodeEntities(s, i, textEnd, fail);
      }
    }
    if (lt === -1) break;
    const c = s.charCodeAt(lt + 1);
    if (c === 0x2f /* / */) {
      const gt = s.indexOf('>', lt + 2);
      if (gt === -1) fail('unterminated end tag', lt);
      const name = s.slice(lt + 2, gt).trimEnd();
      const open = rawNames.pop();
      if (open === undefined) fail(`end tag </${name}> without a start tag`, lt);
      if (open !== name) fail(`expected </${open}>, found </${name}>`, lt);
      stack.pop();
      scopes.pop();
      i = gt + 1;
      continue;
    }
    if (c === 0x3f /* ? */) {
      const end = s.indexOf('?>', lt + 2);
      if (end === -1) fail('unterminated processing instruction', lt);
      i = end + 2;
      continue;
    }
    if (c === 0x21 /* ! */) {
      if (s.startsWith('<!--', lt)) {
        const end = s.indexOf('-->', lt + 4);
        if (end === -1) fail('unterminated comment', lt);
        i = end + 3;
        continue;
      }
      if (s.startsWith('<![CDATA[', lt)) {
        const end = s.indexOf(']]>', lt + 9);
        if (end === -1) fail('unterminated CDATA section', lt);
        const top = stack[stack.length - 1];
        if (top === undefined) fail('CDATA outside the root element', lt);
        top.text += s.slice(lt + 9, end);
        i = end + 3;
        continue;
      }
      if (
        s.startsWith('<!DOCTYPE', lt) ||
        s.startsWith('<!ENTITY', lt) ||
        s.startsWith('<!doctype', lt)
      ) {
        const { line, col } = position(s, lt);
        throw new PptxReadError(
          'xml-doctype',
          'the XML part declares a DTD (<!DOCTYPE> or <!ENTITY>)',
          {
            where: `${where}:${line}:${col}`,
            expected: 'no document type declaration (OOXML parts never need one)',
            got: s.slice(lt, Math.min(lt + 40, n)),
            hint: 'DTDs enable entity-expansion ("billion laughs") and external-entity (XXE) attacks',
          },
        );
      }
      fail('unexpected markup declaration', lt);
    }

    // A start tag.
    let j = lt + 1;
    while (j < n && !isNameEnd(s.charCodeAt(j))) j++;
    const rawName = s.slice(lt + 1, j);
    if (rawName.length === 0 || !isNameStart(rawName.charCodeAt(0)))
      fail('invalid element name', lt);
    const rawAttrs: string[] = [];
    let selfClosing = false;
    for (;;) {
      const ws = j;
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) fail(`unterminated start tag <${rawName}>`, lt);
      const ch = s.charCodeAt(j);
      if (ch === 0x3e /* > */) {
        j++;
        break;
      }
      if (ch === 0x2f /* / */) {
        if (s.charCodeAt(j + 1) !== 0x3e) fail(`expected "/>" in <${rawName}>`, j);
        selfClosing = true;
        j += 2;
        break;
      }
      if (ws === j) fail(`attributes of <${rawName}> must be separated by white space`, j);
      const nameStart = j;
      while (j < n && !isAttrNameEnd(s.charCodeAt(j))) j++;
      const attrName = s.slice(nameStart, j);
      if (attrName.length === 0 || !isNameStart(attrName.charCodeAt(0)))
        fail(`invalid attribute name in <${rawName}>`, nameStart);
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (s.charCodeAt(j) !== 0x3d /* = */)
        fail(`attribute ${attrName} of <${rawName}> has no value`, j);
      j++;
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      const quote = s.charCodeAt(j);
      if (quote !== 0x22 && quote !== 0x27)
        fail(`attribute ${attrName} of <${rawName}> is not quoted`, j);
      const close = s.indexOf(quote === 0x22 ? '"' : "'", j + 1);
      if (close === -1) fail(`unterminated value of attribute ${attrName}`, j);
      const value = s.slice(j + 1, close);
      if (value.includes('<'))
        fail(`"<" in the value of attribute ${attrName}`, j + 1 + value.indexOf('<'));
      rawAttrs.push(attrName, value.includes('&') ? decodeEntities(s, j + 1, close, fail) : value);
      if (rawAttrs.length / 2 > (limits.maxXmlAttributes ?? 256))
        throw new PptxReadError('too-large', `<${rawName}> has too many attributes`, {
          where,
          expected: `at most ${limits.maxXmlAttributes ?? 256} per element`,
          got: `more than ${limits.maxXmlAttributes ?? 256}`,
        });
      j = close + 1;
    }

    elements++;
    if (elements > limits.maxXmlElements) {
      throw new PptxReadError('too-large', 'the XML part has too many elements', {
        where,
        expected: `at most ${limits.maxXmlElements}`,
        got: `more than ${limits.maxXmlElements}`,
      });
    }
    if (stack.length + 1 > limits.maxXmlDepth) {
      throw new PptxReadError('too-large', 'the XML part nests elements too deeply', {
        where,
        expected: `depth at most ${limits.maxXmlDepth}`,
        got: `depth ${stack.length + 1}`,
      });
    }

    // Namespace declarations first: they apply to the element's own name and attributes.
    let scope = scopes[scopes.length - 1]!;
    for (let k = 0; k < rawAttrs.length; k += 2) {
      const an = rawAttrs[k]!;
      if (an.charCodeAt(0) === 0x78 /* x */ && (an === 'xmlns' || an.startsWith('xmlns:'))) {
        if (scope === scopes[scopes.length - 1]) scope = Object.create(scope) as Scope;
        scope[an === 'xmlns' ? '' : an.slice(6)] = rawAttrs[k + 1]!;
      }
    }
    // Canonical names are memoised per namespace scope: almost every element shares the root's.
    let names = nameCache.get(scope);
    if (!names) nameCache.set(scope, (names = new Map()));
    let name = names.get(rawName);
    if (name === undefined) {
      name = resolveName(rawName, scope, true);
      if (name === undefined) fail(`undeclared namespace prefix in <${rawName}>`, lt);
      names.set(rawName, name!);
    }
    const attrs: Record<string, string> = {};
    // Duplicates in linear time: raw names in a set, canonical names by the record itself.
    const seenRaw = new Set<string>();
    for (let k = 0; k < rawAttrs.length; k += 2) {
      const an = rawAttrs[k]!;
      if (an.charCodeAt(0) === 0x78 /* x */ && (an === 'xmlns' || an.startsWith('xmlns:')))
        continue;
      let key = an;
      if (an.includes(':')) {
        const cached = names.get(`@${an}`);
        const resolved = cached ?? resolveName(an, scope, false);
        if (resolved === undefined) fail(`undeclared namespace prefix in attribute ${an}`, lt);
        key = resolved!;
        if (cached === undefined) names.set(`@${an}`, key);
      }
      if (seenRaw.has(an) || (key !== an && Object.hasOwn(attrs, key)))
        fail(`duplicate attribute ${an} in <${rawName}>`, lt);
      seenRaw.add(an);
      attrs[key] = rawAttrs[k + 1]!;
    }
    if (name === 'mc:Choice' && attrs.Requires !== undefined) {
      // Requires lists prefixes; they only mean something in this element's scope, so resolve now.
      attrs[REQUIRES_NS_ATTR] = attrs.Requires.split(/\s+/)
        .filter((p) => p.length > 0)
        .map((p) => scope[p] ?? `?${p}`)
        .join(' ');
    }
    const el: XmlElement = { name: name!, attrs, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (root === undefined) root = el;
    else fail('more than one root element', lt);
    if (!selfClosing) {
      stack.push(el);
      rawNames.push(rawName);
      scopes.push(scope);
    }
    i = j;
  }
  if (rawNames.length > 0) fail(`unclosed element <${rawNames[rawNames.length - 1]}>`, n);
  if (root === undefined) fail('no root element', 0);
  return root!;
}

/** Canonical name of a raw (prefixed) name in a scope; undefined when the prefix is undeclared. */
function resolveName(raw: string, scope: Scope, isElement: boolean): string | undefined {
  const colon = raw.indexOf(':');
  let uri: string | undefined;
  let local: string;
  if (colon === -1) {
    local = raw;
    uri = isElement ? scope[''] : undefined;
  } else {
    local = raw.slice(colon + 1);
    uri = scope[raw.slice(0, colon)];
    if (uri === undefined) return undefined;
  }
  if (uri === undefined || uri === '') return local;
  const prefix = KNOWN_NAMESPACES[uri];
  return prefix === undefined ? `{${uri}}${local}` : `${prefix}:${local}`;
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(
  s: string,
  from: number,
  to: number,
  fail: (m: string, at: number) => never,
): string {
  let amp = s.indexOf('&', from);
  if (amp === -1 || amp >= to) return s.slice(from, to);
  let out = '';
  let last = from;
  while (amp !== -1 && amp < to) {
    const semi = s.indexOf(';', amp + 1);
    if (semi === -1 || semi >= to || semi - amp > 12)
      fail('"&" that does not start an entity reference', amp);
    const ref = s.slice(amp + 1, semi);
    let ch: string | undefined;
    if (ref.charCodeAt(0) === 0x23 /* # */) {
      const code =
        ref.charCodeAt(1) === 0x78 /* x */
          ? parseInt(ref.slice(2), 16)
          : parseInt(ref.slice(1), 10);
      const digits =
        ref.charCodeAt(1) === 0x78
          ? /^[0-9a-fA-F]+$/.test(ref.slice(2))
          : /^[0-9]+$/.test(ref.slice(1));
      if (
        !digits ||
        !Number.isFinite(code) ||
        code <= 0 ||
        code > 0x10ffff ||
        (code >= 0xd800 && code <= 0xdfff)
      )
        fail(`invalid character reference &${ref};`, amp);
      ch = String.fromCodePoint(code);
    } else {
      ch = NAMED_ENTITIES[ref];
      if (ch === undefined) fail(`undeclared entity &${ref};`, amp);
    }
    out += s.slice(last, amp) + ch;
    last = semi + 1;
    amp = s.indexOf('&', last);
  }
  return out + s.slice(last, to);
}

function position(s: string, at: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < at && k < s.length; k++) {
    if (s.charCodeAt(k) === 0x0a) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, col: at - lineStart + 1 };
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}
function isBlank(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isSpace(s.charCodeAt(k))) return false;
  return true;
}
function isNameEnd(c: number): boolean {
  return isSpace(c) || c === 0x3e /* > */ || c === 0x2f /* / */ || c === 0x3c /* < */;
}
function isAttrNameEnd(c: number): boolean {
  return (
    isSpace(c) ||
    c === 0x3d /* = */ ||
    c === 0x3e ||
    c === 0x2f ||
    c === 0x3c ||
    c === 0x22 ||
    c === 0x27
  );
}
function isNameStart(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0x80
  );
}
