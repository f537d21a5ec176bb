import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { deckParts, IMAGE_REL, pic, TINY_PNG } from '@figboard/evaluator/testkit';
import { rawEntries, writeRawZip, type RawZipEntry } from '@figboard/evaluator/testkit';

/** One file of the hostile corpus and what the gate must say about it. */
export interface HostileCase {
  file: string;
  /** Expected gate reason, or null when the deck may pass (it must then carry `flag`). */
  reason: string | null;
  flag?: string;
  why: string;
}

/** Deflates `bytes` zero bytes by streaming 1 MiB chunks (never holding the inflated data). */
async function deflatedZeros(bytes: number): Promise<{ compressed: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: 1 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((ok, fail) => {
    deflate.on('end', ok);
    deflate.on('error', fail);
  });
  const zero = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let left = bytes; left > 0; left -= zero.length) {
    const chunk = left >= zero.length ? zero : zero.subarray(0, left);
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((ok) => deflate.once('drain', ok));
  }
  deflate.end();
  await done;
  return { compressed: Buffer.concat(chunks), crc };
}

function deckWith(replace: Record<string, string | Uint8Array>, extra: RawZipEntry[] = []): Buffer {
  const parts = { ...deckParts({ slides: [''] }), ...replace };
  return writeRawZip([...rawEntries(parts), ...extra]);
}

/**
 * Writes the hostile corpus into `dir`: every attack the issue lists, built here (nothing
 * hostile is stored in the repository). `loopback` is a URL of a listener the test runs, used
 * as the target of external links and external entities: it must never receive a request.
 */
export async function buildHostileCorpus(dir: string, loopback: string): Promise<HostileCase[]> {
  const cases: HostileCase[] = [];
  const add = (
    file: string,
    bytes: Uint8Array,
    reason: string | null,
    why: string,
    flag?: string,
  ) => {
    writeFileSync(join(dir, file), bytes);
    cases.push({ file, reason, why, ...(flag ? { flag } : {}) });
  };
  const slideHead = (deckParts()['ppt/slides/slide1.xml'] as string).split('<p:sld ')[0]!;

  // Zip bombs: slide 1 inflates to 1.1 GiB of zeros (~1 MiB compressed). Once declared
  // honestly, once claiming to be a 5 kB part, and once as a media part claiming 10 MiB.
  const GiB = 1024 * 1024 * 1024;
  const bomb = await deflatedZeros(Math.round(1.1 * GiB));
  const bombEntry = (name: string, declaredSize: number): RawZipEntry => ({
    name,
    compressed: bomb.compressed,
    declaredSize,
    crc: bomb.crc,
  });
  const withoutSlide = Object.fromEntries(
    Object.entries(deckParts()).filter(([n]) => n !== 'ppt/slides/slide1.xml'),
  );
  add(
    'bomb-declared.pptx',
    writeRawZip([
      ...rawEntries(withoutSlide),
      bombEntry('ppt/slides/slide1.xml', Math.round(1.1 * GiB)),
    ]),
    'entry-too-large',
    'slide part declaring 1.1 GiB',
  );
  add(
    'bomb-lying.pptx',
    writeRawZip([...rawEntries(withoutSlide), bombEntry('ppt/slides/slide1.xml', 5000)]),
    'entry-too-large',
    'slide part claiming 5 kB, inflating past 1 GiB',
  );
  add(
    'bomb-media.pptx',
    deckWith({}, [bombEntry('ppt/media/image9.png', 10 * 1024 * 1024)]),
    'entry-too-large',
    'media part claiming 10 MiB, inflating past 1 GiB (streamed check)',
  );

  // Entity expansion and external entities: refused at the DTD, before any entity exists.
  const laughs =
    `${slideHead}<!DOCTYPE p:sld [<!ENTITY lol "lol">` +
    Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
    ).join('') +
    `]><p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree>&lol9;</p:spTree></p:cSld></p:sld>`;
  add(
    'billion-laughs.pptx',
    deckWith({ 'ppt/slides/slide1.xml': laughs }),
    'xml-doctype',
    'nested entities expanding to 10^9 "lol"s',
  );
  const xxe = (deckParts()['ppt/presentation.xml'] as string)
    .replace(
      '<p:presentation ',
      `<!DOCTYPE p:presentation [<!ENTITY xxe SYSTEM "${loopback}/xxe"><!ENTITY passwd SYSTEM "file:///etc/passwd">]><p:presentation `,
    )
    .replace('</p:presentation>', '<p:custDataLst>&xxe;&passwd;</p:custDataLst></p:presentation>');
  add(
    'xxe.pptx',
    deckWith({ 'ppt/presentation.xml': xxe }),
    'xml-doctype',
    'external entities to a loopback URL and /etc/passwd',
  );

  // Paths: a zip-slip entry must be refused, never resolved.
  add(
    'zip-slip.pptx',
    deckWith({}, [{ name: '../../figboard-zip-slip.txt', data: 'escaped' }]),
    'unsafe-entry',
    '"../" entry name',
  );

  // Broken containers.
  const good = deckWith({});
  add(
    'truncated.pptx',
    good.subarray(0, Math.floor(good.length * 0.6)),
    'corrupt-zip',
    'zip cut at 60 %',
  );
  add('not-a-zip.pptx', TINY_PNG, 'not-a-zip', 'a PNG renamed .pptx');
  add('empty.pptx', new Uint8Array(0), 'not-a-zip', 'an empty file');
  add(
    'plain-zip.pptx',
    writeRawZip([{ name: 'readme.txt', data: 'just a zip' }]),
    'no-presentation',
    'a zip without any presentation',
  );
  add(
    'no-slides.pptx',
    writeRawZip(rawEntries(deckParts({ slides: [] }))),
    'no-slide',
    'a presentation without slides',
  );
  add(
    'many-entries.pptx',
    writeRawZip(
      Array.from({ length: 20_000 }, (_, i) => ({
        name: `ppt/media/f${i}.bin`,
        data: '',
        method: 0 as const,
      })),
    ),
    'too-many-entries',
    '20,000 entries',
  );
  add(
    'malformed.pptx',
    deckWith({
      'ppt/slides/slide1.xml': `${slideHead}<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree></p:cSld></p:sld>`,
    }),
    'xml-malformed',
    'slide XML with a missing end tag',
  );

  // An image linked (not embedded) from a loopback URL: may pass, must be flagged, never fetched.
  const linked = deckParts({
    slides: [
      pic({ id: 2, frame: { x: 0, y: 0, cx: 3000000, cy: 2000000 }, link: 'rId3' }) +
        pic({ id: 3, frame: { x: 4000000, y: 0, cx: 1000000, cy: 1000000 } }),
    ],
    slideRels: [
      IMAGE_REL,
      `<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${loopback}/linked.png" TargetMode="External"/>`,
    ],
    extraParts: { 'ppt/media/image1.png': TINY_PNG },
  });
  add(
    'external-link.pptx',
    writeRawZip(rawEntries(linked)),
    null,
    'picture linked to a loopback URL',
    'external-relationship',
  );
  return cases;
}
