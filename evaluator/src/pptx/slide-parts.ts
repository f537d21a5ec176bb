import { parseXml, type XmlElement } from './parse-xml.ts';
import { relType, type PptxPackage } from './pptx-package.ts';
import { PptxReadError } from './pptx-read-error.ts';
import { readColor, type SchemeResolver } from './read-color.ts';
import { child, path } from './xml-query.ts';

/**
 * A slide and the parts it inherits from — its layout, the layout's master, the master's theme —
 * each read only when first asked for. Most decks never need the layout (no placeholder without
 * its own geometry, no inherited background), so most audits parse exactly one slide part.
 */
export class SlideParts {
  readonly pkg: PptxPackage;
  readonly slidePart: string;
  private layoutName?: string | null;
  private masterName?: string | null;
  private themeName?: string | null;
  private schemeMap?: Map<string, string>;

  constructor(pkg: PptxPackage, slidePart: string) {
    this.pkg = pkg;
    this.slidePart = slidePart;
  }

  /** The slide's root element; must be `p:sld`. */
  get slide(): XmlElement {
    const root = this.pkg.xml(this.slidePart);
    if (root.name !== 'p:sld') {
      throw new PptxReadError('xml-malformed', 'slide 1 is not a <p:sld>', {
        where: `${this.pkg.where}!${this.slidePart}`,
        expected: 'p:sld',
        got: root.name,
      });
    }
    return root;
  }

  get layoutPart(): string | null {
    if (this.layoutName === undefined) this.layoutName = this.target(this.slidePart, 'slideLayout');
    return this.layoutName;
  }

  get masterPart(): string | null {
    if (this.masterName === undefined) {
      const layout = this.layoutPart;
      this.masterName = layout === null ? null : this.target(layout, 'slideMaster');
    }
    return this.masterName;
  }

  get themePart(): string | null {
    if (this.themeName === undefined) {
      const master = this.masterPart;
      this.themeName = master === null ? null : this.target(master, 'theme');
    }
    return this.themeName;
  }

  /** The layout's root element, null when the slide has no layout relationship. */
  layout(): XmlElement | null {
    const part = this.layoutPart;
    return part === null ? null : this.pkg.xml(part);
  }

  master(): XmlElement | null {
    const part = this.masterPart;
    return part === null ? null : this.pkg.xml(part);
  }

  /** True when the raw text of an inherited part mentions `needle` (cheap test before parsing it). */
  mentions(part: string | null, needle: string): boolean {
    return part !== null && this.pkg.text(part).includes(needle);
  }

  /**
   * Theme colours by scheme name through the master's colour map (`bg1` → `lt1`, …) and the
   * slide's override. Colours are cosmetic for the audit, so a theme that cannot be read gives
   * unresolved (null) colours rather than failing the deck.
   */
  readonly scheme: SchemeResolver = (name) => {
    if (!this.schemeMap) this.schemeMap = this.buildScheme();
    return this.schemeMap.get(name) ?? null;
  };

  private buildScheme(): Map<string, string> {
    const out = new Map<string, string>();
    try {
      const themePart = this.themePart;
      if (themePart === null) return out;
      const clrScheme =
        this.firstElement(themePart, 'clrScheme') ??
        path(this.pkg.xml(themePart), 'a:themeElements', 'a:clrScheme');
      const raw = new Map<string, string>();
      for (const c of clrScheme?.children ?? []) {
        const color = readColor(c, () => null);
        if (color?.hex) raw.set(c.name.replace(/^a:/, ''), color.hex);
      }
      const override = path(this.slide, 'p:clrMapOvr', 'a:overrideClrMapping');
      const masterPart = this.masterPart;
      const clrMap =
        masterPart === null
          ? undefined
          : (this.firstElement(masterPart, 'clrMap') ??
            child(this.pkg.xml(masterPart), 'p:clrMap'));
      const map = override?.attrs ?? clrMap?.attrs ?? {};
      for (const [k, v] of raw) out.set(k, v);
      const defaults: Record<string, string> = { bg1: 'lt1', tx1: 'dk1', bg2: 'lt2', tx2: 'dk2' };
      for (const alias of ['bg1', 'tx1', 'bg2', 'tx2']) {
        const slot = map[alias] ?? defaults[alias]!;
        const hex = raw.get(slot);
        if (hex) out.set(alias, hex);
      }
    } catch (err) {
      if (!(err instanceof PptxReadError)) throw err;
    }
    return out;
  }

  /**
   * Parses only the first element named `local` of a part, inside a copy of the part's root start
   * tag (for its namespace declarations), or undefined when the shortcut cannot be taken (the
   * caller then parses the part whole). Colours and backgrounds need one small element of a
   * theme, master or layout, and those parts run to 50 kB.
   */
  firstElement(part: string, local: string): XmlElement | undefined {
    const text = this.pkg.text(part);
    const m = new RegExp(`<([A-Za-z_][\\w.-]*:)?${local}[\\s/>]`).exec(text);
    const rootStart = /<[A-Za-z_]/.exec(text);
    if (!m || !rootStart) return undefined;
    const rootTagEnd = text.indexOf('>', rootStart.index);
    const rootTag = text.slice(rootStart.index, rootTagEnd + 1);
    const rootName = /^<([^\s/>]+)/.exec(rootTag)?.[1];
    const tagEnd = text.indexOf('>', m.index);
    if (rootName === undefined || rootTag.endsWith('/>') || tagEnd < 0 || m.index <= rootTagEnd)
      return undefined;
    const qname = `${m[1] ?? ''}${local}`;
    const close = text[tagEnd - 1] === '/' ? tagEnd + 1 : text.indexOf(`</${qname}>`, tagEnd);
    if (close < 0) return undefined;
    const end = text[tagEnd - 1] === '/' ? close : close + qname.length + 3;
    try {
      return parseXml(
        `${rootTag}${text.slice(m.index, end)}</${rootName}>`,
        `${this.pkg.where}!${part}`,
        this.pkg.limits,
      ).children[0];
    } catch {
      return undefined; // an unusual layout of the part: the caller parses it whole
    }
  }

  private target(part: string, type: string): string | null {
    const rel = this.pkg
      .rels(part)
      .find((r) => relType(r) === type && !r.external && r.part !== null);
    return rel?.part && this.pkg.has(rel.part) ? rel.part : null;
  }
}
