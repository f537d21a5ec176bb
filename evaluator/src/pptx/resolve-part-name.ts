/**
 * Resolves a relationship target against the part that holds the relationship, inside the
 * package's own name space (never the file system): `../media/image1.png` from
 * `ppt/slides/slide1.xml` is `ppt/media/image1.png`. Returns null when the target climbs above
 * the package root or is empty. Percent-escapes are decoded and a `#fragment` dropped.
 */
export function resolvePartName(sourcePart: string, target: string): string | null {
  let t = target.split('#')[0] ?? '';
  try {
    t = decodeURIComponent(t);
  } catch {
    // A stray "%" is legal in a part name written unescaped; keep it as written.
  }
  if (t.length === 0) return null;
  const base = t.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  const segments = [...base];
  for (const seg of t.replace(/^\/+/, '').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else {
      segments.push(seg);
    }
  }
  return segments.length === 0 ? null : segments.join('/');
}

/** The relationships part of a part: `ppt/slides/slide1.xml` → `ppt/slides/_rels/slide1.xml.rels`; the package's own is `_rels/.rels`. */
export function relsPartName(part: string): string {
  if (part === '') return '_rels/.rels';
  const slash = part.lastIndexOf('/');
  return slash === -1
    ? `_rels/${part}.rels`
    : `${part.slice(0, slash)}/_rels/${part.slice(slash + 1)}.rels`;
}
