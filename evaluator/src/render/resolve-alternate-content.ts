import { choiceIsUnderstood, MC_NAMESPACE } from '../pptx/alternate-content.ts';
import { DeckRefusedError } from './sanitize-deck.ts';

/** Bounds of one part's scan (the audit's reader refuses parts beyond these before a render). */
export interface ScanLimits {
  maxXmlDepth: number;
  maxXmlElements: number;
}

/** An element as the scan saw it: offsets into the part's text, namespace declarations, children. */
interface Span {
  /** Namespace URI of the element ('' when none) and its local name. */
  ns: string;
  local: string;
  /** Offset of `<` of the start tag, just after the start tag's name, after its `>`. */
  start: number;
  nameEnd: number;
  openEnd: number;
  /** Offset of `<` of the end tag (= `end` for an empty element) and just after the element. */
  closeStart: number;
  end: number;
  /** `xmlns`/`xmlns:p` declarations written on this element, by prefix ('' for the default). */
  decls: Map<string, string>;
  /** For `mc:Choice`: its Requires prefixes resolved in its scope (unresolved ones as `?p`). */
  requires: string[] | null;
  children: Span[];
  /** True when an `mc:AlternateContent` lies in this element's subtree (itself included). */
  hasAlternate: boolean;
}

// Names as loose as XML allows (any non-ASCII letter included): the strict reader already
// checked them, and refusing a name it accepted would refuse an honest deck's render.
const NAME = /[^\s<>/=!?"']+/y;
const ATTR = /\s+([^\s<>/="']+)\s*=\s*("[^"]*"|'[^']*')/y;
const TAG_END = /\s*(\/?)>/y;

/**
 * Rewrites every `mc:AlternateContent` of an XML part to the branch the audit reads (see
 * `pptx/alternate-content.ts`): the element is replaced by the chosen branch's content, and
 * the namespace declarations written on the `mc:AlternateContent` and the branch are copied
 * onto each element of that content (unless it declares the prefix itself), so it means what it
 * meant inside the branch. With no branch to take, the element goes, as the audit skips it.
 * Returns null when the part has no `mc:AlternateContent`. Everything else keeps its bytes.
 * Linear in the part's length; refuses (`xml-malformed`, `too-large`) what the strict reader
 * would have refused.
 */
export function resolveAlternateContent(
  xml: string,
  part: string,
  limits: ScanLimits,
): string | null {
  if (!xml.includes('AlternateContent')) return null;
  const root = scan(xml, part, limits);
  if (!root.hasAlternate) return null;
  const out: string[] = [];
  emitInside(xml, root, out, 0, xml.length);
  return out.join('');
}

/** Writes `xml[from, to)` with every AlternateContent among `el`'s children resolved. */
function emitInside(xml: string, el: Span, out: string[], from: number, to: number): void {
  let at = from;
  for (const c of el.children) {
    if (!c.hasAlternate) continue;
    out.push(xml.slice(at, c.start));
    emitElement(xml, c, out, new Map());
    at = c.end;
  }
  out.push(xml.slice(at, to));
}

/** Writes one element, resolved, with `extra` namespace declarations added to its start tag. */
function emitElement(xml: string, el: Span, out: string[], extra: Map<string, string>): void {
  if (isMc(el, 'AlternateContent')) {
    const branch = chooseBranch(el);
    if (!branch) return;
    const inherited = new Map([...extra, ...el.decls, ...branch.decls]);
    for (const c of branch.children) emitElement(xml, c, out, inherited);
    return;
  }
  const added = [...extra].filter(([p]) => !el.decls.has(p));
  if (added.length === 0 && !el.hasAlternate) {
    out.push(xml.slice(el.start, el.end));
    return;
  }
  out.push(xml.slice(el.start, el.nameEnd));
  for (const [prefix, uri] of added)
    out.push(` ${prefix === '' ? 'xmlns' : `xmlns:${prefix}`}="${escapeAttr(uri)}"`);
  if (el.closeStart === el.end) {
    // An empty element has no children to resolve.
    out.push(xml.slice(el.nameEnd, el.end));
    return;
  }
  out.push(xml.slice(el.nameEnd, el.openEnd));
  emitInside(xml, el, out, el.openEnd, el.closeStart);
  out.push(xml.slice(el.closeStart, el.end));
}

/** The audit's rule (`buildSlideTree`): first understood `mc:Choice`, else the first `mc:Fallback`. */
function chooseBranch(ac: Span): Span | undefined {
  for (const c of ac.children)
    if (isMc(c, 'Choice') && choiceIsUnderstood(c.requires ?? [])) return c;
  return ac.children.find((c) => isMc(c, 'Fallback'));
}

function isMc(el: Span, local: string): boolean {
  return el.ns === MC_NAMESPACE && el.local === local;
}

/** One pass over the part: the element tree with offsets. Comments, PIs and CDATA are skipped. */
function scan(xml: string, part: string, limits: ScanLimits): Span {
  const fail = (
    message: string,
    reason: 'xml-malformed' | 'too-large' = 'xml-malformed',
  ): never => {
    throw new DeckRefusedError(reason, `${part}: ${message}`);
  };
  const stack: Span[] = [];
  const scopes: Array<Map<string, string>> = [
    new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]),
  ];
  const lookup = (prefix: string): string | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const uri = scopes[i]!.get(prefix);
      if (uri !== undefined) return uri;
    }
    return undefined;
  };
  let root: Span | undefined;
  let elements = 0;
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt)) i = after(xml, '-->', lt, fail);
    else if (xml.startsWith('<![CDATA[', lt)) i = after(xml, ']]>', lt, fail);
    else if (xml.startsWith('<?', lt)) i = after(xml, '?>', lt, fail);
    else if (xml.startsWith('<!', lt)) fail('declarations (<!…>) are refused');
    else if (xml.startsWith('</', lt)) {
      const gt = xml.indexOf('>', lt);
      if (gt < 0) fail('unclosed end tag');
      const el = stack.pop();
      scopes.pop();
      if (!el) fail('end tag without a start tag');
      el!.closeStart = lt;
      el!.end = gt + 1;
      i = gt + 1;
    } else {
      NAME.lastIndex = lt + 1;
      const m = NAME.exec(xml);
      if (!m) fail(`bad tag at offset ${lt}`);
      const qname = m![0];
      let pos = NAME.lastIndex;
      const decls = new Map<string, string>();
      let requiresRaw: string | null = null;
      for (;;) {
        ATTR.lastIndex = pos;
        const a = ATTR.exec(xml);
        if (!a) break;
        pos = ATTR.lastIndex;
        const [name, quoted] = [a[1]!, a[2]!];
        const value =
          decodeAttr(quoted.slice(1, -1)) ?? fail(`bad character reference in <${qname}>`);
        if (name === 'xmlns') decls.set('', value);
        else if (name.startsWith('xmlns:')) decls.set(name.slice(6), value);
        else if (name === 'Requires') requiresRaw = value;
      }
      TAG_END.lastIndex = pos;
      const e = TAG_END.exec(xml);
      if (!e) fail(`bad start tag <${qname}> at offset ${lt}`);
      elements += 1;
      if (elements > limits.maxXmlElements) fail('too many elements', 'too-large');
      scopes.push(decls);
      const colon = qname.indexOf(':');
      const prefix = colon < 0 ? '' : qname.slice(0, colon);
      const ns = lookup(prefix) ?? (prefix === '' ? '' : fail(`undeclared prefix in <${qname}>`));
      const span: Span = {
        ns: ns as string,
        local: colon < 0 ? qname : qname.slice(colon + 1),
        start: lt,
        nameEnd: lt + 1 + qname.length,
        openEnd: TAG_END.lastIndex,
        closeStart: TAG_END.lastIndex,
        end: TAG_END.lastIndex,
        decls,
        requires: null,
        children: [],
        hasAlternate: false,
      };
      if (isMc(span, 'Choice') && requiresRaw !== null)
        span.requires = requiresRaw
          .split(/\s+/)
          .filter((p) => p.length > 0)
          .map((p) => lookup(p) ?? `?${p}`);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(span);
      else if (root === undefined) root = span;
      else fail('more than one root element');
      if (e![1] === '/') scopes.pop();
      else {
        stack.push(span);
        if (stack.length > limits.maxXmlDepth) fail('nesting too deep', 'too-large');
      }
      i = TAG_END.lastIndex;
    }
  }
  if (!root || stack.length > 0) fail('unclosed elements');
  markAlternates(root!);
  return root!;
}

/** Sets `hasAlternate` bottom-up without recursion (depth is bounded, but a loop is cheaper). */
function markAlternates(root: Span): void {
  const order: Span[] = [];
  const todo = [root];
  while (todo.length > 0) {
    const el = todo.pop()!;
    order.push(el);
    todo.push(...el.children);
  }
  for (let k = order.length - 1; k >= 0; k--) {
    const el = order[k]!;
    el.hasAlternate = isMc(el, 'AlternateContent') || el.children.some((c) => c.hasAlternate);
  }
}

function after(xml: string, close: string, from: number, fail: (m: string) => never): number {
  const k = xml.indexOf(close, from);
  if (k < 0) fail(`unterminated ${close}`);
  return k + close.length;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute value with its references decoded; null when a numeric reference is no character. */
function decodeAttr(v: string): string | null {
  try {
    return decodeReferences(v);
  } catch {
    return null;
  }
}

function decodeReferences(v: string): string {
  return v.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (all, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(Number.parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (ENTITIES[e] ?? all),
  );
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}
