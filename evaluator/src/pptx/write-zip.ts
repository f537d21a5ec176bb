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
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
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
