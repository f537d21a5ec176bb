import type { XmlElement } from './parse-xml.ts';

/** First child element with the canonical name, if any. */
export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!el) return undefined;
  for (const c of el.children) if (c.name === name) return c;
  return undefined;
}

/** All child elements with the canonical name, in document order. */
export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  if (!el) return [];
  return el.children.filter((c) => c.name === name);
}

/** Follows a path of child names (`path(sp, 'p:spPr', 'a:xfrm')`). */
export function path(el: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let cur = el;
  for (const n of names) cur = child(cur, n);
  return cur;
}

/** Integer-valued attribute (OOXML coordinates, angles), or `fallback` when absent or not a finite number. */
export function numAttr(el: XmlElement | undefined, name: string, fallback: number): number {
  const v = el?.attrs[name];
  if (v === undefined) return fallback;
  const x = Number(v);
  return Number.isFinite(x) ? x : fallback;
}

/** xsd:boolean attribute ("1"/"true"). */
export function boolAttr(el: XmlElement | undefined, name: string): boolean {
  const v = el?.attrs[name];
  return v === '1' || v === 'true';
}
