import { PNG } from 'pngjs';
import { openZip } from '../pptx/open-zip.ts';
import { parseXml } from '../pptx/parse-xml.ts';
import { DEFAULT_READER_LIMITS } from '../pptx/reader-limits.ts';
import { resolvePartName } from '../pptx/resolve-part-name.ts';
import { writeZip } from '../pptx/write-zip.ts';

/**
 * The colour every image of the twin becomes: a saturated magenta no figure paints over large
 * areas, so where the real render shows a picture (white background included) the twin differs.
 */
export const TWIN_FILL = { r: 255, g: 0, b: 255 } as const;

/** A 1×1 opaque PNG of {@link TWIN_FILL}; LibreOffice recognises images by their bytes, not their names. */
const FLAT_PNG: Buffer = (() => {
  const png = new PNG({ width: 1, height: 1 });
  png.data[0] = TWIN_FILL.r;
  png.data[1] = TWIN_FILL.g;
  png.data[2] = TWIN_FILL.b;
  png.data[3] = 255;
  return PNG.sync.write(png);
})();

const IMAGE_NAME =
  /\.(png|jpe?g|jfif|gif|bmp|dib|tiff?|emf|wmf|emz|wmz|svg|webp|wdp|jxr|pict?|pcx|tga)$/i;

/**
 * The image-free twin of a (sanitised) deck: the same package with every image part — every
 * target of an image relationship, everything under `ppt/media/`, every entry named like an
 * image — replaced by one flat magenta pixel. Rendered beside the deck, it shows what the render
 * owes to rasters whatever carries them (issue 22: a rule that does not list carriers). Null when
 * the deck has no image part (nothing to measure, no second render).
 */
export function imageFreeTwin(bytes: Uint8Array): Uint8Array | null {
  const zip = openZip(bytes, { ...DEFAULT_READER_LIMITS, maxFileBytes: bytes.length + 1 }, 'deck');
  const entries = zip.entries.filter((e) => !e.isDirectory);
  const images = new Set(
    entries
      .filter((e) => /^ppt\/media\//i.test(e.name) || IMAGE_NAME.test(e.name))
      .map((e) => e.name),
  );
  const names = new Set(entries.map((e) => e.name));
  for (const e of entries) {
    if (!e.name.toLowerCase().endsWith('.rels')) continue;
    for (const target of imageTargets(e.name, zip.readText(e.name, 1024 * 1024)))
      if (names.has(target)) images.add(target);
  }
  if (images.size === 0) return null;
  return writeZip(
    zip.entries.map((e) =>
      images.has(e.name)
        ? { name: e.name, data: FLAT_PNG }
        : {
            name: e.name,
            raw: { method: e.method, bytes: zip.storedBytes(e), crc32: e.crc32, size: e.size },
          },
    ),
  );
}

/** Parts an image relationship of one relationships part points at (the sanitizer already checked it parses). */
function imageTargets(relsPart: string, xml: string): string[] {
  const m = /^(.*?)_rels\/([^/]*)\.rels$/.exec(relsPart);
  if (!m) return [];
  const source = `${m[1]}${m[2]}`;
  const root = parseXml(xml, relsPart, { maxXmlDepth: 32, maxXmlElements: 100_000 });
  const out: string[] = [];
  for (const rel of root.children) {
    const type = rel.attrs.Type ?? '';
    if (!/image|hdphoto|media/i.test(type) || (rel.attrs.TargetMode ?? 'Internal') !== 'Internal')
      continue;
    const part = resolvePartName(source, rel.attrs.Target ?? '');
    if (part !== null) out.push(part);
  }
  return out;
}
