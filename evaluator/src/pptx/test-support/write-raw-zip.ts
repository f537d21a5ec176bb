import { crc32, deflateRawSync } from 'node:zlib';

/**
 * One entry of a hand-built zip. Tests use this writer (not jszip) when they need what no honest
 * writer produces: lying sizes, `../` names, duplicate names, pre-compressed bomb streams.
 */
export interface RawZipEntry {
  /** Name bytes are written as given (UTF-8), unvalidated. */
  name: string;
  /** Uncompressed content; deflated unless `method` is 0. Ignored when `compressed` is given. */
  data?: string | Uint8Array;
  /** Already-deflated bytes (method 8), e.g. a streamed zip bomb. */
  compressed?: Uint8Array;
  method?: 0 | 8;
  /** Inflated size written in the headers (default: the real size). */
  declaredSize?: number;
  /** CRC-32 written in the headers (default: the real CRC of `data`, or 0 with `compressed`). */
  crc?: number;
}

/** Writes a zip (local headers, central directory, end record) from raw entries. */
export function writeRawZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const raw =
      e.data === undefined
        ? Buffer.alloc(0)
        : typeof e.data === 'string'
          ? Buffer.from(e.data, 'utf8')
          : Buffer.from(e.data);
    const method = e.compressed ? 8 : (e.method ?? 8);
    const body = e.compressed
      ? Buffer.from(e.compressed)
      : method === 8
        ? deflateRawSync(raw)
        : raw;
    const size = e.declaredSize ?? raw.length;
    const crc = e.crc ?? (e.compressed ? 0 : crc32(raw));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Deck parts as raw entries (deflated), ready for {@link writeRawZip} after a test has tampered with them. */
export function rawEntries(parts: Record<string, string | Uint8Array>): RawZipEntry[] {
  return Object.entries(parts).map(([name, data]) => ({ name, data }));
}
