import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a zip to write: its data, or data already compressed (copied as it is). */
export interface ZipWriteEntry {
  /** Entry name, written as UTF-8 (the language-encoding flag is set). */
  name: string;
  /** Uncompressed content, deflated on write. */
  data?: Uint8Array | string;
  /** Bytes already stored or deflated (`method` 0 or 8) with their CRC-32 and inflated size. */
  raw?: { method: number; bytes: Uint8Array; crc32: number; size: number };
}

/**
 * Writes a zip archive (local headers, central directory, end record; no zip64, no data
 * descriptors) — for the sanitised copy of a deck, whose unchanged entries keep their compressed
 * bytes. Throws a RangeError when the archive would need zip64 (over 4 GiB or 65,535 entries),
 * which the reader's limits never let through.
 */
export function writeZip(entries: readonly ZipWriteEntry[]): Buffer {
  if (entries.length > 0xffff) throw new RangeError('too many entries for a zip without zip64');
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    let method: number;
    let body: Uint8Array;
    let crc: number;
    let size: number;
    if (e.raw) {
      ({ method, bytes: body, crc32: crc, size } = e.raw);
    } else {
      const data =
        typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : (e.data ?? Buffer.alloc(0));
      method = 8;
      body = deflateRawSync(data);
      crc = crc32(data);
      size = data.length;
    }
    if (offset + 30 + name.length + body.length > 0xffffffff || size > 0xffffffff)
      throw new RangeError('the archive would need zip64');
    const fields = { method, crc, compressed: body.length, size, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6, fields);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The fields a local header and its central directory record share, in the same order from
 * "version needed" on (the central record has "version made by" first, so they sit 2 bytes
 * later there): version 2.0, the UTF-8 name flag, method, no date, CRC-32, sizes, name length.
 */
function writeEntryFields(
  header: Buffer,
  at: number,
  f: { method: number; crc: number; compressed: number; size: number; nameLength: number },
): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x800, at + 2);
  header.writeUInt16LE(f.method, at + 4);
  header.writeUInt32LE(f.crc >>> 0, at + 10);
  header.writeUInt32LE(f.compressed, at + 14);
  header.writeUInt32LE(f.size, at + 18);
  header.writeUInt16LE(f.nameLength, at + 22);
}
