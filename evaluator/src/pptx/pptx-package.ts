import type { ZipArchive } from './open-zip.ts';
import { parseXml, type XmlElement } from './parse-xml.ts';
import { PptxReadError } from './pptx-read-error.ts';
import type { ReaderLimits } from './reader-limits.ts';
import { relsPartName, resolvePartName } from './resolve-part-name.ts';
import { childrenNamed } from './xml-query.ts';

/** One relationship of a part (`*.rels`). */
export interface Relationship {
  /** The `.rels` part it was read from. */
  source: string;
  id: string;
  /** Full relationship type URI. */
  type: string;
  target: string;
  external: boolean;
  /** Package part the target names (internal targets only), null when it leaves the package. */
  part: string | null;
}

/** Last segment of a relationship type URI (`…/relationships/slide` → `slide`), for both transitional and strict URIs. */
export function relType(rel: Relationship): string {
  return rel.type.slice(rel.type.lastIndexOf('/') + 1);
}

/**
 * An Open Packaging Conventions view of an opened zip: parts parsed on first use and cached,
 * relationships per part, content types. Only the parts the audit asks for are ever inflated
 * and parsed here.
 */
export class PptxPackage {
  readonly zip: ZipArchive;
  readonly limits: ReaderLimits;
  private readonly xmlCache = new Map<string, XmlElement>();
  private readonly textCache = new Map<string, string>();
  private readonly relsCache = new Map<string, Relationship[]>();
  private types?: { defaults: Map<string, string>; overrides: Map<string, string> };

  constructor(zip: ZipArchive, limits: ReaderLimits) {
    this.zip = zip;
    this.limits = limits;
  }

  get where(): string {
    return this.zip.where;
  }

  has(part: string): boolean {
    return this.zip.has(part);
  }

  /** The part's text, inflated within `maxXmlPartBytes` (for cheap substring checks before parsing). */
  text(part: string): string {
    let t = this.textCache.get(part);
    if (t === undefined) {
      t = this.zip.readText(part, this.limits.maxXmlPartBytes);
      this.textCache.set(part, t);
    }
    return t;
  }

  /** The part parsed as XML (cached). Throws a `PptxReadError` when it is missing or not well-formed. */
  xml(part: string): XmlElement {
    const hit = this.xmlCache.get(part);
    if (hit) return hit;
    if (!this.zip.has(part))
      throw new PptxReadError('corrupt-zip', `part ${part} is missing`, { where: this.where });
    const el = parseXml(this.text(part), `${this.where}!${part}`, this.limits);
    this.xmlCache.set(part, el);
    return el;
  }

  /** Relationships of a part (empty when it has no `.rels` part). */
  rels(part: string): Relationship[] {
    const relsPart = relsPartName(part);
    const hit = this.relsCache.get(relsPart);
    if (hit) return hit;
    const out = this.zip.has(relsPart)
      ? readRelationships(this.xml(relsPart), relsPart, part, `${this.where}!${relsPart}`)
      : [];
    this.relsCache.set(relsPart, out);
    return out;
  }

  /** Relationships read straight from a `.rels` part name (for package-wide scans). */
  relsOfRelsPart(relsPart: string): Relationship[] {
    const hit = this.relsCache.get(relsPart);
    if (hit) return hit;
    const source = sourceOfRelsPart(relsPart);
    const out = readRelationships(
      this.xml(relsPart),
      relsPart,
      source,
      `${this.where}!${relsPart}`,
    );
    this.relsCache.set(relsPart, out);
    return out;
  }

  /** Content type of a part from `[Content_Types].xml` (override, else default by extension). */
  contentType(part: string): string | undefined {
    const t = this.contentTypes();
    const o = t.overrides.get(part.toLowerCase());
    if (o !== undefined) return o;
    const dot = part.lastIndexOf('.');
    return dot === -1 ? undefined : t.defaults.get(part.slice(dot + 1).toLowerCase());
  }

  /** Every content type declared (defaults and overrides), for macro detection. */
  allContentTypes(): string[] {
    const t = this.contentTypes();
    return [...t.defaults.values(), ...t.overrides.values()];
  }

  private contentTypes(): { defaults: Map<string, string>; overrides: Map<string, string> } {
    if (this.types) return this.types;
    const part = '[Content_Types].xml';
    if (!this.zip.has(part)) {
      throw new PptxReadError('no-presentation', 'the package has no [Content_Types].xml', {
        where: this.where,
        hint: 'this zip is not an Office document',
      });
    }
    const root = this.xml(part);
    const defaults = new Map<string, string>();
    const overrides = new Map<string, string>();
    for (const d of childrenNamed(root, 'ct:Default')) {
      if (d.attrs.Extension && d.attrs.ContentType)
        defaults.set(d.attrs.Extension.toLowerCase(), d.attrs.ContentType);
    }
    for (const o of childrenNamed(root, 'ct:Override')) {
      if (o.attrs.PartName && o.attrs.ContentType)
        overrides.set(o.attrs.PartName.replace(/^\/+/, '').toLowerCase(), o.attrs.ContentType);
    }
    this.types = { defaults, overrides };
    return this.types;
  }
}

function sourceOfRelsPart(relsPart: string): string {
  if (relsPart === '_rels/.rels') return '';
  const m = /^(.*?)_rels\/([^/]+)\.rels$/.exec(relsPart);
  return m ? `${m[1]}${m[2]}` : relsPart;
}

function readRelationships(
  root: XmlElement,
  relsPart: string,
  sourcePart: string,
  where: string,
): Relationship[] {
  if (root.name !== 'rel:Relationships') {
    throw new PptxReadError('xml-malformed', 'a relationships part does not hold <Relationships>', {
      where,
      expected: 'Relationships',
      got: root.name,
    });
  }
  return childrenNamed(root, 'rel:Relationship').map((r) => {
    const target = r.attrs.Target ?? '';
    const external = r.attrs.TargetMode === 'External';
    return {
      source: relsPart,
      id: r.attrs.Id ?? '',
      type: r.attrs.Type ?? '',
      target,
      external,
      part: external ? null : resolvePartName(sourcePart, target),
    };
  });
}
