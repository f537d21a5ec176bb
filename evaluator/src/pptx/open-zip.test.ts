import { describe, expect, it } from 'vitest';
import { decodeXmlText, openZip, refuseDoctypeBytes, unsafeEntryName } from './open-zip.ts';
import { PptxReadError } from './pptx-read-error.ts';
import { DEFAULT_READER_LIMITS, ReaderLimits } from './reader-limits.ts';
import { writeRawZip } from './test-support/write-raw-zip.ts';

const refusal = async (
  bytes: Uint8Array,
  limits = DEFAULT_READER_LIMITS,
): Promise<PptxReadError> => {
  try {
    const zip = openZip(bytes, limits, 'deck.pptx');
    await zip.verifyAll(limits);
  } catch (err) {
    if (err instanceof PptxReadError) return err;
    throw err;
  }
  throw new Error('accepted');
};

describe('unsafeEntryName', () => {
  it.each([
    ['../evil.txt', 'contains a ".." segment'],
    ['ppt/../../evil', 'contains a ".." segment'],
    ['/etc/passwd', 'is an absolute path'],
    ['C:evil', 'starts with a drive letter'],
    ['ppt\\slides\\slide1.xml', 'contains a backslash'],
    ['ppt/slide\u0000.xml', 'contains a NUL character'],
    ['ppt/\nslide.xml', 'contains a control character'],
  ])('%j is unsafe: %s', (name, why) => {
    expect(unsafeEntryName(name)).toBe(why);
  });

  it('accepts ordinary OPC part names, including dots that are not ".."', () => {
    for (const name of [
      '[Content_Types].xml',
      '_rels/.rels',
      'ppt/slides/_rels/slide1.xml.rels',
      'ppt/media/image..png',
      'ppt/ü.xml',
    ]) {
      expect(unsafeEntryName(name)).toBeNull();
    }
  });
});

describe('openZip', () => {
  it('reads entries lazily and case-insensitively, checking size and CRC', () => {
    const zip = openZip(
      writeRawZip([
        { name: 'ppt/A.xml', data: '<a/>' },
        { name: 'm.bin', data: 'xyz', method: 0 },
      ]),
      DEFAULT_READER_LIMITS,
      'd',
    );
    expect(zip.has('PPT/a.xml')).toBe(true);
    expect(new TextDecoder().decode(zip.read('ppt/a.xml', 100))).toBe('<a/>');
    expect(new TextDecoder().decode(zip.read('m.bin', 100))).toBe('xyz');
  });

  it('refuses duplicate names (two readers could see two different slides)', async () => {
    const err = await refusal(
      writeRawZip([
        { name: 'ppt/slides/slide1.xml', data: '<a/>' },
        { name: 'PPT/Slides/Slide1.xml', data: '<b/>' },
      ]),
    );
    expect(err.reason).toBe('unsafe-entry');
    expect(err.message).toContain('duplicate entry name');
  });

  it('refuses an entry whose data inflates past its declared size, as soon as it does', async () => {
    const err = await refusal(
      writeRawZip([
        { name: 'ppt/slides/slide1.xml', data: Buffer.alloc(100_000), declaredSize: 10 },
      ]),
    );
    expect(err.reason).toBe('entry-too-large');
    expect(err.message).toContain('inflates past its declared size');
  });

  it('refuses an entry that inflates to less than declared, or fails its CRC', async () => {
    expect(
      (await refusal(writeRawZip([{ name: 'a.xml', data: 'abc', declaredSize: 5 }]))).message,
    ).toContain('fewer bytes than declared');
    expect(
      (await refusal(writeRawZip([{ name: 'a.xml', data: 'abc', crc: 1 }]))).message,
    ).toContain('CRC-32');
    // Stored entries are always checked: it costs no inflation.
    expect(
      (await refusal(writeRawZip([{ name: 'a.png', data: 'abc', method: 0, crc: 1 }]))).message,
    ).toContain('CRC-32');
  });

  it('streams large entries to check them with bounded memory', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    const limits = ReaderLimits.parse({ verifyAllEntries: true });
    await expect(
      openZip(writeRawZip([{ name: 'ppt/media/v.bin', data: big }]), limits, 'd').verifyAll(limits),
    ).resolves.toBeUndefined();
    const lying = await refusal(
      writeRawZip([{ name: 'ppt/media/v.bin', data: big, declaredSize: 5 * 1024 * 1024 }]),
      limits,
    );
    expect(lying.reason).toBe('entry-too-large');
  });

  it('inflates media only while the deflate bound (1032:1) leaves room for a bomb', async () => {
    // 6 MiB of zeros compress to ~6 kB: whatever the header says, it cannot pass 6.3 MB, well
    // inside the limits, so by default it is not inflated at all.
    const small = writeRawZip([
      { name: 'ppt/media/v.bin', data: Buffer.alloc(6 * 1024 * 1024), declaredSize: 100 },
    ]);
    await expect(
      openZip(small, DEFAULT_READER_LIMITS, 'd').verifyAll(DEFAULT_READER_LIMITS),
    ).resolves.toBeUndefined();
    // With a total limit its bound does not fit, it is inflated and the lie is caught.
    const tight = ReaderLimits.parse({ maxTotalBytes: 1024 * 1024 });
    expect((await refusal(small, tight)).reason).toBe('entry-too-large');
  });

  it('applies every limit with its own reason', async () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: 'x' }));
    expect(
      (await refusal(writeRawZip(entries), ReaderLimits.parse({ maxEntries: 10 }))).reason,
    ).toBe('too-many-entries');
    expect(
      (
        await refusal(
          writeRawZip([{ name: 'a.bin', data: Buffer.alloc(2000) }]),
          ReaderLimits.parse({ maxEntryBytes: 1000 }),
        )
      ).reason,
    ).toBe('entry-too-large');
    expect(
      (
        await refusal(
          writeRawZip([{ name: 'a.xml', data: Buffer.alloc(2000, 32) }]),
          ReaderLimits.parse({ maxXmlPartBytes: 1000 }),
        )
      ).reason,
    ).toBe('entry-too-large');
    const two = writeRawZip([
      { name: 'a', data: Buffer.alloc(800) },
      { name: 'b', data: Buffer.alloc(800) },
    ]);
    expect((await refusal(two, ReaderLimits.parse({ maxTotalBytes: 1000 }))).reason).toBe(
      'too-large',
    );
    expect((await refusal(two, ReaderLimits.parse({ maxFileBytes: 100 }))).reason).toBe(
      'too-large',
    );
  });

  it('tells a truncated zip, a legacy .ppt and other bytes apart', async () => {
    const good = writeRawZip([{ name: 'a.xml', data: '<a/>'.repeat(100) }]);
    expect((await refusal(good.subarray(0, good.length - 30))).reason).toBe('corrupt-zip');
    expect(
      (await refusal(Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex'))).got,
    ).toContain('legacy binary .ppt');
    expect((await refusal(Buffer.from('hello, not a zip'))).reason).toBe('not-a-zip');
    expect((await refusal(new Uint8Array(0))).got).toBe('an empty file');
  });

  it('refuses a DTD in any OOXML part, even one the audit never parses', async () => {
    const err = await refusal(
      writeRawZip([
        {
          name: 'ppt/theme/theme9.xml',
          data: '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "b">]><t/>',
        },
      ]),
    );
    expect(err.reason).toBe('xml-doctype');
    expect(err.where).toBe('deck.pptx!ppt/theme/theme9.xml');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<!DOCTYPE x><x/>', 'utf16le'),
    ]);
    expect((await refusal(writeRawZip([{ name: 'p.xml', data: utf16 }]))).reason).toBe(
      'xml-doctype',
    );
  });
});

describe('refuseDoctypeBytes', () => {
  const refused = (bytes: Uint8Array) => {
    try {
      refuseDoctypeBytes(bytes, 'p.xml');
      return false;
    } catch (err) {
      if (err instanceof PptxReadError && err.reason === 'xml-doctype') return true;
      throw err;
    }
  };
  const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();

  it('finds <!DOCTYPE and <!ENTITY in UTF-8, UTF-16LE and UTF-16BE, with few or many "!" around', () => {
    for (const decl of ['<!DOCTYPE x>', '<!ENTITY y "z">']) {
      // Few "!": the per-"!" test; many (over its budget of 32): the pattern-by-pattern search.
      for (const noise of ['', 'Hello! '.repeat(3), '!'.repeat(5_000)]) {
        const text = `<a>${noise}</a>${decl}<b>${noise}</b>`;
        expect(refused(Buffer.from(text, 'utf8')), `utf8 ${decl} +${noise.length}`).toBe(true);
        expect(refused(Buffer.from(text, 'utf16le')), `utf16le ${decl}`).toBe(true);
        expect(refused(Buffer.concat([Buffer.from([0]), utf16be(text)])), `odd ${decl}`).toBe(true);
        expect(refused(utf16be(text)), `utf16be ${decl}`).toBe(true);
      }
    }
  });

  it('accepts comments, CDATA and text with "!" that declare nothing, at the very ends too', () => {
    for (const noise of ['', '!'.repeat(40)]) {
      const text = `!<a><!-- note! --><![CDATA[x!]]>${noise}<!DOCTYP</a><!ENTIT!`;
      expect(refused(Buffer.from(text, 'utf8'))).toBe(false);
      expect(refused(Buffer.from(text, 'utf16le'))).toBe(false);
      expect(refused(utf16be(text))).toBe(false);
    }
    expect(refused(Buffer.from('!'))).toBe(false);
    expect(refused(new Uint8Array(0))).toBe(false);
  });

  it('stays linear on a part made of "!"', () => {
    const bang = Buffer.alloc(16 * 1024 * 1024, 0x21);
    const started = performance.now();
    expect(refused(bang)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('decodeXmlText', () => {
  it('decodes UTF-8 with or without BOM and UTF-16 by BOM, and refuses invalid UTF-8', () => {
    expect(decodeXmlText(Buffer.from('\ufeff<a/>', 'utf8'), 'x')).toBe('<a/>');
    expect(
      decodeXmlText(
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a/>', 'utf16le')]),
        'x',
      ),
    ).toBe('<a/>');
    expect(decodeXmlText(Buffer.from('<a/>', 'utf16le'), 'x')).toBe('<a/>');
    expect(() => decodeXmlText(Buffer.from([0x3c, 0x61, 0xff, 0x2f, 0x3e]), 'x')).toThrow(
      PptxReadError,
    );
  });
});
