import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';
import { PptxReadError } from './pptx-read-error.ts';
import type { ReaderLimits } from './reader-limits.ts';

/** One entry of the zip's central directory, as declared (sizes are checked when inflated). */
export interface ZipEntry {
  /** Entry name exactly as stored (decoded), e.g. `ppt/slides/slide1.xml`. Never a file-system path. */
  name: string;
  /** 0 = stored, 8 = deflated (the only methods a PPTX may use). */
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  /** Declared inflated size. */
  size: number;
  localHeaderOffset: number;
  isDirectory: boolean;
  /** The name's raw bytes, compared with the local header's copy before the entry is read. */
  rawName: Uint8Array;
}

const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
/**
 * Deflate cannot expand data more than 1032:1 (a 258-byte match coded in 2 bits), so an entry's
 * compressed size bounds what it can inflate to, whatever its header claims.
 */
export const MAX_DEFLATE_RATIO = 1032;
/** Entries up to this declared size are inflated in one synchronous call (bounded by the size); larger ones stream. */
const SYNC_INFLATE_BYTES = 4 * 1024 * 1024;
const XML_NAME = /\.(xml|rels)$/i;

/**
 * A zip archive opened from bytes by reading its End-Of-Central-Directory record and central
 * directory ourselves, so the entry count, every name and every declared size are checked before
 * a single byte is inflated. Entries are inflated one at a time on request, bounded by their
 * declared size (an entry that inflates past it is a zip bomb and is refused the moment the
 * output passes the bound) and CRC-checked. Names are only ever map keys.
 */
export class ZipArchive {
  readonly where: string;
  readonly entries: readonly ZipEntry[];
  private readonly bytes: Uint8Array;
  private readonly byName: Map<string, ZipEntry>;
  /** Inflated OOXML parts kept from `verifyAll`, so the audit never inflates a part twice. */
  private readonly inflated = new Map<string, Uint8Array>();

  constructor(bytes: Uint8Array, entries: ZipEntry[], where: string) {
    this.bytes = bytes;
    this.entries = entries;
    this.where = where;
    // OPC part names are case-insensitive; duplicates were refused when the directory was read.
    this.byName = new Map(
      entries.filter((e) => !e.isDirectory).map((e) => [e.name.toLowerCase(), e]),
    );
  }

  /** True when a (non-folder) entry of that name exists, compared case-insensitively as OPC requires. */
  has(name: string): boolean {
    return this.byName.has(name.toLowerCase());
  }

  entry(name: string): ZipEntry | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /**
   * Inflates one entry synchronously, refusing it when it declares or produces more than
   * `maxBytes`, inflates past its declared size, or fails its CRC.
   */
  read(name: string, maxBytes: number): Uint8Array {
    const entry = this.entry(name);
    if (!entry)
      throw new PptxReadError('corrupt-zip', `entry ${name} is not in the archive`, {
        where: this.where,
      });
    const kept = this.inflated.get(entry.name);
    if (kept && kept.length <= maxBytes) return kept;
    if (entry.size > maxBytes) {
      throw new PptxReadError(
        'entry-too-large',
        `entry ${entry.name} declares ${entry.size} bytes`,
        {
          where: `${this.where}!${entry.name}`,
          expected: `at most ${maxBytes} bytes`,
          got: `${entry.size} bytes`,
        },
      );
    }
    const data = this.compressedData(entry);
    let out: Uint8Array;
    if (entry.method === 0) {
      out = data;
    } else {
      try {
        // maxOutputLength makes zlib stop as soon as the output passes the declared size; an
        // output buffer one byte larger than that size holds the whole part in one allocation.
        out = inflateRawSync(data, {
          maxOutputLength: Math.max(1, entry.size),
          chunkSize: Math.max(64, entry.size + 1),
        });
      } catch (err) {
        throw this.inflateError(entry, err);
      }
    }
    this.checkSizeAndCrc(entry, out.length, crc32(out));
    return out;
  }

  /** Reads an entry and decodes it as text (UTF-8, or UTF-16 when it starts with a UTF-16 BOM or `<` + NUL). */
  readText(name: string, maxBytes: number): string {
    return decodeXmlText(this.read(name, maxBytes), `${this.where}!${name}`);
  }

  /**
   * Proves the archive cannot inflate past the limits, and refuses any OOXML part (`.xml`/`.rels`)
   * that contains a DTD. Every OOXML part is inflated (the audit reads them; they are kept so
   * nothing is inflated twice), checked against its declared size and CRC. Other entries
   * (media, binaries) are inflated — large ones streamed, so memory stays bounded — and checked
   * the same way only while the deflate format's own bound (at most {@link MAX_DEFLATE_RATIO}×
   * the compressed size) leaves room for a bomb: largest first, until the declared sizes of the
   * checked entries plus the bound of the rest fit `maxTotalBytes` and each unchecked entry's
   * bound fits `maxEntryBytes`. With `everything` (or `limits.verifyAllEntries`) every entry is
   * checked. Afterwards whoever opens the package next (LibreOffice) meets no zip bomb and no
   * entity declarations.
   */
  async verifyAll(limits: ReaderLimits, everything = limits.verifyAllEntries): Promise<void> {
    let proven = 0;
    const unchecked: ZipEntry[] = [];
    for (const entry of this.entries) {
      if (entry.isDirectory && entry.size === 0) continue;
      if (XML_NAME.test(entry.name)) {
        const bytes = this.read(entry.name, limits.maxXmlPartBytes);
        refuseDoctypeBytes(bytes, `${this.where}!${entry.name}`);
        this.inflated.set(entry.name, bytes);
        proven += entry.size;
      } else if (entry.method === 0 || everything) {
        await this.verifyEntry(entry, limits);
        proven += entry.size;
      } else {
        unchecked.push(entry);
      }
    }
    unchecked.sort((a, b) => b.compressedSize - a.compressedSize || (a.name < b.name ? -1 : 1));
    let bound = unchecked.reduce((sum, e) => sum + e.compressedSize * MAX_DEFLATE_RATIO, 0);
    for (const entry of unchecked) {
      if (
        proven + bound <= limits.maxTotalBytes &&
        entry.compressedSize * MAX_DEFLATE_RATIO <= limits.maxEntryBytes
      )
        break;
      await this.verifyEntry(entry, limits);
      proven += entry.size;
      bound -= entry.compressedSize * MAX_DEFLATE_RATIO;
    }
  }

  private async verifyEntry(entry: ZipEntry, limits: ReaderLimits): Promise<void> {
    if (entry.size <= SYNC_INFLATE_BYTES) this.read(entry.name, limits.maxEntryBytes);
    else await this.verifyStreaming(entry);
  }

  private async verifyStreaming(entry: ZipEntry): Promise<void> {
    const data = this.compressedData(entry);
    if (entry.method === 0) {
      this.checkSizeAndCrc(entry, data.length, crc32(data));
      return;
    }
    const { count, crc } = await new Promise<{ count: number; crc: number }>((resolve, reject) => {
      const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
      let count = 0;
      let crc = 0;
      inflate.on('data', (chunk: Buffer) => {
        count += chunk.length;
        if (count > entry.size) {
          inflate.destroy();
          reject(this.tooBig(entry, count));
          return;
        }
        crc = crc32(chunk, crc);
      });
      inflate.on('error', (err) => reject(this.inflateError(entry, err)));
      inflate.on('end', () => resolve({ count, crc }));
      inflate.end(data);
    });
    this.checkSizeAndCrc(entry, count, crc);
  }

  /**
   * An entry's bytes as stored (deflated or not), after checking its local header against the
   * central directory — for copying an entry into another archive without inflating it.
   */
  storedBytes(entry: ZipEntry): Uint8Array {
    return this.compressedData(entry);
  }

  private compressedData(entry: ZipEntry): Uint8Array {
    const b = this.bytes;
    const at = entry.localHeaderOffset;
    const where = `${this.where}!${entry.name}`;
    if (at + 30 > b.length || u32(b, at) !== SIG_LOCAL) {
      throw new PptxReadError(
        'corrupt-zip',
        `local header of ${entry.name} is missing or damaged`,
        { where, hint: 'the file is probably truncated' },
      );
    }
    const nameLen = u16(b, at + 26);
    const extraLen = u16(b, at + 28);
    const start = at + 30 + nameLen + extraLen;
    const end = start + entry.compressedSize;
    if (end > b.length) {
      throw new PptxReadError(
        'corrupt-zip',
        `data of ${entry.name} runs past the end of the file`,
        {
          where,
          expected: `${end} bytes`,
          got: `${b.length} bytes`,
          hint: 'the file is truncated',
        },
      );
    }
    if (!sameBytes(b, at + 30, nameLen, entry.rawName)) {
      throw new PptxReadError(
        'corrupt-zip',
        `local header name of ${entry.name} differs from the central directory`,
        { where },
      );
    }
    return b.subarray(start, end);
  }

  private checkSizeAndCrc(entry: ZipEntry, size: number, crc: number): void {
    const where = `${this.where}!${entry.name}`;
    if (size > entry.size) throw this.tooBig(entry, size);
    if (size !== entry.size) {
      throw new PptxReadError(
        'corrupt-zip',
        `${entry.name} inflates to fewer bytes than declared`,
        { where, expected: `${entry.size} bytes`, got: `${size} bytes` },
      );
    }
    if (crc >>> 0 !== entry.crc32 >>> 0) {
      throw new PptxReadError('corrupt-zip', `${entry.name} fails its CRC-32 check`, {
        where,
        expected: hex32(entry.crc32),
        got: hex32(crc),
      });
    }
  }

  private tooBig(entry: ZipEntry, seen: number): PptxReadError {
    return new PptxReadError(
      'entry-too-large',
      `${entry.name} inflates past its declared size (a zip bomb); stopped after ${seen} bytes`,
      {
        where: `${this.where}!${entry.name}`,
        expected: `${entry.size} bytes`,
        got: `more than ${entry.size} bytes`,
      },
    );
  }

  private inflateError(entry: ZipEntry, err: unknown): PptxReadError {
    const code = (err as NodeJS.ErrnoException)?.code;
    if (code === 'ERR_BUFFER_TOO_LARGE') return this.tooBig(entry, entry.size + 1);
    return new PptxReadError(
      'corrupt-zip',
      `${entry.name} cannot be inflated: ${(err as Error)?.message ?? String(err)}`,
      {
        where: `${this.where}!${entry.name}`,
        cause: err,
      },
    );
  }
}

/**
 * Opens a zip from bytes without inflating anything: finds the End-Of-Central-Directory record
 * (and its Zip64 form), refuses archives with more than `maxEntries` entries before reading the
 * directory, then reads every directory record and refuses unsafe names (`..`, absolute paths,
 * backslashes, NUL, drive letters, control characters, duplicates), encrypted or non-deflate
 * entries, declared sizes over the limits, and entries that overlap or lie outside the file.
 */
export function openZip(bytes: Uint8Array, limits: ReaderLimits, where: string): ZipArchive {
  if (bytes.length > limits.maxFileBytes) {
    throw new PptxReadError('too-large', 'the deck file is too large', {
      where,
      expected: `at most ${limits.maxFileBytes} bytes`,
      got: `${bytes.length} bytes`,
    });
  }
  const eocd = findEocd(bytes);
  if (eocd < 0) {
    const legacy = bytes.length >= 8 && u32(bytes, 0) === 0xe011cfd0;
    const startsLikeZip = bytes.length >= 4 && u32(bytes, 0) === SIG_LOCAL;
    if (startsLikeZip) {
      throw new PptxReadError('corrupt-zip', 'the zip has no end-of-central-directory record', {
        where,
        hint: 'the file is probably truncated; re-save or re-upload it',
      });
    }
    throw new PptxReadError('not-a-zip', 'the file is not a zip archive, so not a PPTX', {
      where,
      expected: 'a PPTX (zip) file',
      got: legacy
        ? 'a legacy binary .ppt (OLE compound file)'
        : bytes.length === 0
          ? 'an empty file'
          : 'other bytes',
      hint: legacy ? 'save it as .pptx' : 'upload the .pptx the agent produced',
    });
  }
  let total = u16(bytes, eocd + 10);
  let cdSize = u32(bytes, eocd + 12);
  let cdOffset = u32(bytes, eocd + 16);
  if (u16(bytes, eocd + 4) !== 0 || u16(bytes, eocd + 6) !== 0) {
    throw new PptxReadError('corrupt-zip', 'multi-disk (spanned) zip archives are not supported', {
      where,
    });
  }
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const z64 = readZip64Eocd(bytes, eocd, where);
    total = z64.total;
    cdSize = z64.cdSize;
    cdOffset = z64.cdOffset;
  }
  // Refuse by the declared count first, so a 20,000-entry archive costs nothing to reject.
  if (total > limits.maxEntries) {
    throw new PptxReadError('too-many-entries', 'the zip has too many entries', {
      where,
      expected: `at most ${limits.maxEntries}`,
      got: `${total}`,
    });
  }
  if (cdOffset + cdSize > bytes.length) {
    throw new PptxReadError('corrupt-zip', 'the central directory lies outside the file', {
      where,
      hint: 'the file is probably truncated',
    });
  }

  const entries: ZipEntry[] = [];
  const seen = new Map<string, string>();
  let declaredTotal = 0;
  let p = cdOffset;
  const cdEnd = cdOffset + cdSize;
  while (p < cdEnd) {
    if (entries.length >= limits.maxEntries) {
      throw new PptxReadError(
        'too-many-entries',
        'the zip directory holds more entries than the limit',
        { where, expected: `at most ${limits.maxEntries}`, got: `more than ${limits.maxEntries}` },
      );
    }
    if (p + 46 > cdEnd || u32(bytes, p) !== SIG_CENTRAL) {
      throw new PptxReadError(
        'corrupt-zip',
        `central directory record ${entries.length + 1} is damaged`,
        { where },
      );
    }
    const flags = u16(bytes, p + 8);
    const method = u16(bytes, p + 10);
    const crc = u32(bytes, p + 16);
    let compressedSize = u32(bytes, p + 20);
    let size = u32(bytes, p + 24);
    const nameLen = u16(bytes, p + 28);
    const extraLen = u16(bytes, p + 30);
    const commentLen = u16(bytes, p + 32);
    let localHeaderOffset = u32(bytes, p + 42);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > cdEnd)
      throw new PptxReadError(
        'corrupt-zip',
        `central directory record ${entries.length + 1} runs past the directory`,
        { where },
      );
    const rawName = bytes.subarray(p + 46, p + 46 + nameLen);
    const name = decodeName(rawName, (flags & 0x800) !== 0, where);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      const z = readZip64Extra(bytes, p + 46 + nameLen, extraLen, {
        size,
        compressedSize,
        localHeaderOffset,
      });
      size = z.size;
      compressedSize = z.compressedSize;
      localHeaderOffset = z.localHeaderOffset;
    }
    p = next;

    if (name.length === 0)
      throw new PptxReadError(
        'corrupt-zip',
        `central directory record ${entries.length + 1} has an empty name`,
        { where },
      );
    const unsafe = unsafeEntryName(name);
    if (unsafe) {
      throw new PptxReadError(
        'unsafe-entry',
        `unsafe entry name ${JSON.stringify(name)}: ${unsafe}`,
        {
          where,
          expected: 'relative names without "..", "\\", NUL or a drive letter',
          got: JSON.stringify(name),
        },
      );
    }
    const key = name.toLowerCase();
    const twin = seen.get(key);
    if (twin !== undefined) {
      throw new PptxReadError(
        'unsafe-entry',
        `duplicate entry name ${JSON.stringify(name)} (also ${JSON.stringify(twin)})`,
        {
          where,
          hint: 'two entries with one name let different readers see different content',
        },
      );
    }
    seen.set(key, name);
    if ((flags & 0x1) !== 0)
      throw new PptxReadError('corrupt-zip', `entry ${name} is encrypted`, {
        where,
        hint: 'save the deck without a password',
      });
    if (method !== 0 && method !== 8) {
      throw new PptxReadError('corrupt-zip', `entry ${name} uses compression method ${method}`, {
        where,
        expected: 'stored (0) or deflate (8)',
        got: `method ${method}`,
      });
    }
    if (method === 0 && compressedSize !== size) {
      throw new PptxReadError(
        'corrupt-zip',
        `stored entry ${name} declares different compressed and inflated sizes`,
        { where },
      );
    }
    if (size > limits.maxEntryBytes) {
      throw new PptxReadError('entry-too-large', `entry ${name} declares ${size} inflated bytes`, {
        where: `${where}!${name}`,
        expected: `at most ${limits.maxEntryBytes} bytes`,
        got: `${size} bytes`,
      });
    }
    if (XML_NAME.test(name) && size > limits.maxXmlPartBytes) {
      throw new PptxReadError('entry-too-large', `XML part ${name} declares ${size} bytes`, {
        where: `${where}!${name}`,
        expected: `at most ${limits.maxXmlPartBytes} bytes`,
        got: `${size} bytes`,
      });
    }
    declaredTotal += size;
    if (declaredTotal > limits.maxTotalBytes) {
      throw new PptxReadError('too-large', 'the entries inflate to more than the total limit', {
        where,
        expected: `at most ${limits.maxTotalBytes} bytes in all`,
        got: `more than ${limits.maxTotalBytes} bytes`,
      });
    }
    entries.push({
      name,
      method,
      flags,
      crc32: crc,
      compressedSize,
      size,
      localHeaderOffset,
      isDirectory: name.endsWith('/'),
      rawName,
    });
  }
  if (entries.length !== total) {
    throw new PptxReadError(
      'corrupt-zip',
      'the central directory entry count does not match the end record',
      { where, expected: `${total}`, got: `${entries.length}` },
    );
  }
  refuseOverlaps(entries, cdOffset, where);
  return new ZipArchive(bytes, entries, where);
}

/** Why a zip entry name is unsafe to hand to any tool that might use it as a path, or null. */
export function unsafeEntryName(name: string): string | null {
  if (name.length === 0) return 'empty name';
  if (name.includes('\0')) return 'contains a NUL character';
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/')) return 'is an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'starts with a drive letter';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'contains a control character';
  if (name.split('/').some((seg) => seg === '..')) return 'contains a ".." segment';
  return null;
}

// Overlapping entries (several directory records sharing one compressed stream) are how
// "non-recursive" zip bombs multiply their output; no honest writer produces them.
function refuseOverlaps(entries: ZipEntry[], cdOffset: number, where: string): void {
  const sorted = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let i = 0; i < sorted.length; i++) {
    const e = sorted[i]!;
    const minEnd = e.localHeaderOffset + 30 + e.rawName.length + e.compressedSize;
    const nextStart = i + 1 < sorted.length ? sorted[i + 1]!.localHeaderOffset : cdOffset;
    if (minEnd > nextStart) {
      throw new PptxReadError(
        'corrupt-zip',
        `entry ${e.name} overlaps the next entry or the directory`,
        { where, hint: 'overlapping entries are a zip-bomb technique' },
      );
    }
  }
}

function findEocd(b: Uint8Array): number {
  const min = Math.max(0, b.length - 22 - 0xffff);
  for (let i = b.length - 22; i >= min; i--) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 0x05 && b[i + 3] === 0x06) {
      if (i + 22 + u16(b, i + 20) <= b.length) return i;
    }
  }
  return -1;
}

function readZip64Eocd(
  b: Uint8Array,
  eocd: number,
  where: string,
): { total: number; cdSize: number; cdOffset: number } {
  const loc = eocd - 20;
  if (loc < 0 || u32(b, loc) !== SIG_ZIP64_LOCATOR) {
    throw new PptxReadError(
      'corrupt-zip',
      'the end record points to a Zip64 record that is missing',
      { where },
    );
  }
  const at = u64(b, loc + 8);
  if (at + 56 > b.length || u32(b, at) !== SIG_ZIP64_EOCD) {
    throw new PptxReadError('corrupt-zip', 'the Zip64 end-of-central-directory record is damaged', {
      where,
    });
  }
  return { total: u64(b, at + 32), cdSize: u64(b, at + 40), cdOffset: u64(b, at + 48) };
}

function readZip64Extra(
  b: Uint8Array,
  start: number,
  len: number,
  v: { size: number; compressedSize: number; localHeaderOffset: number },
): { size: number; compressedSize: number; localHeaderOffset: number } {
  let p = start;
  const end = start + len;
  while (p + 4 <= end) {
    const id = u16(b, p);
    const sz = u16(b, p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const out = { ...v };
      if (v.size === 0xffffffff && q + 8 <= p + 4 + sz) {
        out.size = u64(b, q);
        q += 8;
      }
      if (v.compressedSize === 0xffffffff && q + 8 <= p + 4 + sz) {
        out.compressedSize = u64(b, q);
        q += 8;
      }
      if (v.localHeaderOffset === 0xffffffff && q + 8 <= p + 4 + sz)
        out.localHeaderOffset = u64(b, q);
      return out;
    }
    p += 4 + sz;
  }
  return v;
}

const utf8Fatal = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

function decodeName(raw: Uint8Array, utf8Flag: boolean, where: string): string {
  let ascii = true;
  for (let i = 0; i < raw.length; i++) if (raw[i]! >= 0x80) ascii = false;
  if (ascii) return latin1.decode(raw);
  try {
    return utf8Fatal.decode(raw);
  } catch {
    if (utf8Flag)
      throw new PptxReadError('unsafe-entry', 'an entry name flagged as UTF-8 is not valid UTF-8', {
        where,
      });
    return latin1.decode(raw);
  }
}

const utf16le = new TextDecoder('utf-16le');
const utf16be = new TextDecoder('utf-16be');

/**
 * Decodes an XML part: UTF-8 (BOM optional, invalid sequences refused) or UTF-16 by BOM or by
 * the `<` + NUL pattern of an undeclared UTF-16 document.
 */
export function decodeXmlText(bytes: Uint8Array, where: string): string {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0x3c && b1 === 0x00))
    return stripBom(utf16le.decode(bytes));
  if ((b0 === 0xfe && b1 === 0xff) || (b0 === 0x00 && b1 === 0x3c))
    return stripBom(utf16be.decode(bytes));
  try {
    return stripBom(utf8Fatal.decode(bytes));
  } catch (err) {
    throw new PptxReadError('xml-malformed', 'the XML part is not valid UTF-8', {
      where,
      cause: err,
    });
  }
}

function stripBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/**
 * `<!DOCTYPE` and `<!ENTITY` as bytes in every encoding a reader might decode a part in: UTF-8
 * (and any ASCII-compatible one), UTF-16LE, and UTF-16LE shifted by one byte (the tail of
 * UTF-16BE), each with the offset of its one `!` byte.
 */
const DOCTYPE_PATTERNS = ['<!DOCTYPE', '<!ENTITY'].flatMap((s) =>
  [Buffer.from(s, 'latin1'), Buffer.from(s, 'utf16le'), Buffer.from(s, 'utf16le').subarray(1)].map(
    (bytes) => ({ bytes, bang: bytes.indexOf(0x21) }),
  ),
);

/** Refuses bytes of an OOXML part that contain a document type declaration or entity declaration. */
export function refuseDoctypeBytes(bytes: Uint8Array, where: string): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Every pattern holds exactly one "!" and most parts hold none at all, so one memchr-speed
  // scan for "!" settles them; each "!" found is tested against the patterns around it. A part
  // with many "!" (text full of them, or a hostile one) is searched pattern by pattern instead,
  // which stays linear whatever the part holds.
  let hits = 0;
  for (let at = buf.indexOf(0x21); at >= 0; at = buf.indexOf(0x21, at + 1)) {
    if (++hits > 32) {
      if (DOCTYPE_PATTERNS.some(({ bytes: pattern }) => buf.indexOf(pattern) >= 0))
        throw doctypeError(where);
      return;
    }
    for (const { bytes: pattern, bang } of DOCTYPE_PATTERNS) {
      const start = at - bang;
      if (start < 0 || start + pattern.length > buf.length) continue;
      if (buf.compare(pattern, 0, pattern.length, start, start + pattern.length) === 0)
        throw doctypeError(where);
    }
  }
}

function doctypeError(where: string): PptxReadError {
  return new PptxReadError('xml-doctype', 'the XML part declares a DTD (<!DOCTYPE> or <!ENTITY>)', {
    where,
    expected: 'no document type declaration (OOXML parts never need one)',
    got: '<!DOCTYPE …>',
    hint: 'DTDs enable entity-expansion ("billion laughs") and external-entity (XXE) attacks',
  });
}

function u16(b: Uint8Array, i: number): number {
  return (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
}
function u32(b: Uint8Array, i: number): number {
  return (
    ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16) | ((b[i + 3] ?? 0) << 24)) >>> 0
  );
}
function u64(b: Uint8Array, i: number): number {
  // Beyond 2^53 a value cannot be honest for a file under the size limit; it still fails the bounds checks.
  return u32(b, i) + u32(b, i + 4) * 0x100000000;
}
function hex32(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}
function sameBytes(b: Uint8Array, at: number, len: number, other: Uint8Array): boolean {
  if (len !== other.length) return false;
  for (let i = 0; i < len; i++) if (b[at + i] !== other[i]) return false;
  return true;
}
