import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DECK_LIMITS,
  DeckRefusedError,
  NEUTRAL_TARGET,
  neutraliseRelationships,
  sanitizeDeck,
} from './sanitize-deck.ts';
import { writeRawZip } from '../pptx/test-support/write-raw-zip.ts';
import { calibrationDeck, deckWithExternalImage } from './test-support/build-test-decks.ts';

const NS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
const IMAGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

async function refusal(p: Promise<unknown>): Promise<{ reason: string; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DeckRefusedError) return { reason: err.reason, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('neutraliseRelationships', () => {
  it('leaves a part with only internal targets byte-identical', () => {
    const xml = `<?xml version="1.0"?><Relationships ${NS}><Relationship Id="rId1" Type="${IMAGE}" Target="../media/image1.png"/></Relationships>`;
    expect(neutraliseRelationships('ppt/slides/_rels/slide1.xml.rels', xml)).toEqual({
      xml,
      neutralised: [],
    });
  });

  it('points every escaping target at a missing internal part and keeps the rest', () => {
    const xml =
      `<Relationships ${NS}>` +
      `<Relationship Id="rId1" Type="${IMAGE}" Target="../media/image1.png"/>` +
      `<Relationship Id="rId2" Type="${IMAGE}" Target="http://127.0.0.1:9/x.png" TargetMode="External"/>` +
      `<Relationship Id="rId3" Type="${IMAGE}" Target="file:///etc/passwd"/>` +
      `<Relationship Id="rId4" Type="${IMAGE}" Target="\\\\server\\share\\a.png"/>` +
      `<Relationship Id="rId5" Type="${IMAGE}" Target="//evil.example/a.png"/>` +
      `<Relationship Id="rId6" Type="${IMAGE}" Target="../media/b.png" TargetMode="external"/>` +
      `<Relationship Id="rId7" Type="${IMAGE}" Target="a&amp;b.png"/>` +
      `</Relationships>`;
    const out = neutraliseRelationships('p.rels', xml);
    expect(out.neutralised.map((n) => n.id)).toEqual(['rId2', 'rId3', 'rId4', 'rId5', 'rId6']);
    expect(out.xml).not.toMatch(/TargetMode|Target="(?:[a-z]+:|\/\/|\\)/i);
    expect(out.xml).toContain(`Id="rId1" Type="${IMAGE}" Target="../media/image1.png"`);
    expect(out.xml).toContain(`Id="rId2" Type="${IMAGE}" Target="${NEUTRAL_TARGET}"`);
    // Entities are decoded once and escaped once: no double escaping of kept targets.
    expect(out.xml).toContain('Target="a&amp;b.png"');
  });

  it('refuses DOCTYPE, malformed XML, a foreign root and stray Relationship elements', () => {
    const cases: Array<[string, string]> = [
      ['xml-doctype', `<!DOCTYPE r [<!ENTITY a "x">]><Relationships ${NS}/>`],
      ['xml-malformed', `<Relationships ${NS}><Relationship Id="a"</Relationships>`],
      [
        'xml-malformed',
        `<Other><Relationship Id="a" Target="http://x" TargetMode="External"/></Other>`,
      ],
      [
        'xml-malformed',
        `<Relationships ${NS}><Wrap><Relationship Id="a" Target="http://x" TargetMode="External"/></Wrap></Relationships>`,
      ],
    ];
    for (const [reason, xml] of cases) {
      let got = '';
      try {
        neutraliseRelationships('x.rels', xml);
      } catch (err) {
        got = (err as DeckRefusedError).reason;
      }
      expect(got, xml).toBe(reason);
    }
  });
});

describe('sanitizeDeck', () => {
  it('returns a deck without external links unchanged (same bytes object)', async () => {
    const bytes = readFileSync(calibrationDeck('fig01-000', 'faithful'));
    const out = await sanitizeDeck(bytes);
    expect(out.neutralised).toEqual([]);
    expect(out.bytes).toBe(bytes);
  });

  it('rewrites the rels part of a deck with a linked picture and keeps every other part', async () => {
    const deck = await deckWithExternalImage('http://127.0.0.1:9/pixel.png');
    const out = await sanitizeDeck(deck);
    expect(out.neutralised).toEqual([
      {
        part: 'ppt/slides/_rels/slide1.xml.rels',
        id: 'rId901',
        target: 'http://127.0.0.1:9/pixel.png',
      },
      {
        part: 'ppt/slides/_rels/slide1.xml.rels',
        id: 'rId902',
        target: 'http://127.0.0.1:9/pixel.png',
      },
    ]);
    const before = await JSZip.loadAsync(deck);
    const after = await JSZip.loadAsync(out.bytes);
    expect(Object.keys(after.files).sort()).toEqual(Object.keys(before.files).sort());
    for (const name of Object.keys(after.files)) {
      const text = await after.file(name)?.async('string');
      if (name.endsWith('.rels'))
        expect(text, name).not.toMatch(/TargetMode="External"|Target="http/);
      else if (text !== undefined)
        expect(text, name).toBe(await before.file(name)?.async('string'));
    }
  });

  it('refuses non-zips, too many entries, too many bytes and a relationships bomb', async () => {
    expect(await refusal(sanitizeDeck(Buffer.from('plain text, not a zip')))).toMatchObject({
      reason: 'not-a-zip',
    });

    const many = new JSZip();
    for (let i = 0; i < 30; i += 1) many.file(`e${i}.xml`, '<a/>');
    const manyBytes = await many.generateAsync({ type: 'uint8array' });
    expect(
      await refusal(sanitizeDeck(manyBytes, { ...DEFAULT_DECK_LIMITS, maxEntries: 20 })),
    ).toMatchObject({ reason: 'too-many-entries' });
    expect(
      await refusal(sanitizeDeck(manyBytes, { ...DEFAULT_DECK_LIMITS, maxDeckBytes: 100 })),
    ).toMatchObject({ reason: 'too-large' });

    // The hostile-corpus case: 20,000 entries, refused with the default limit by walking the
    // central directory — also when the end record lies about the count.
    // (Written raw: jszip takes seconds to build 20,000 entries; the bytes are the same kind.)
    const hugeBytes = writeRawZip(
      Array.from({ length: 20_000 }, (_, i) => ({ name: `e${i}`, data: '', method: 0 as const })),
    );
    const t0 = Date.now();
    expect(await refusal(sanitizeDeck(hugeBytes))).toMatchObject({
      reason: 'too-many-entries',
      message: 'at least 10001 zip entries, over the limit of 10000',
    });
    const eocd = hugeBytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    hugeBytes.writeUInt16LE(1, eocd + 8);
    hugeBytes.writeUInt16LE(1, eocd + 10);
    expect(await refusal(sanitizeDeck(hugeBytes))).toMatchObject({ reason: 'too-many-entries' });
    expect(Date.now() - t0).toBeLessThan(1000);

    // 8 MiB of whitespace deflates to a few KB; it declares its size honestly here, then lies.
    // (Deflated by zlib, not jszip's JavaScript deflate: same stream format, a fraction of the time.)
    const bombBytes = writeRawZip([
      {
        name: '_rels/.rels',
        data: `<Relationships ${NS}>${' '.repeat(8 * 1024 * 1024)}</Relationships>`,
      },
    ]);
    expect(bombBytes.length).toBeLessThan(64 * 1024);
    expect(await refusal(sanitizeDeck(bombBytes))).toMatchObject({ reason: 'entry-too-large' });
    const lying = Buffer.from(bombBytes);
    // Patch the declared uncompressed size in the central directory to 100 bytes: the inflate cap still holds.
    const cd = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(100, cd + 24);
    const started = Date.now();
    expect(await refusal(sanitizeDeck(lying))).toMatchObject({ reason: 'entry-too-large' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
