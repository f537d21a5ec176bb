import { ArchiveError } from './archive-error.ts';
import type { ArchiveLimits } from './archive-limits.ts';
import { ChunkReader } from './chunk-reader.ts';
import { safeEntryPath } from './safe-entry-path.ts';

/** One file or folder entry of a tar stream, after long-name and pax headers are applied. */
export interface TarEntry {
  /** Safe relative POSIX path (see `safeEntryPath`). */
  path: string;
  type: 'file' | 'directory';
  size: number;
}

/** Receives a file's bytes as they stream past; `end` is called after the last chunk. */
export interface EntrySink {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

export interface TarReadSummary {
  entries: number;
  files: number;
  bytes: number;
}

const BLOCK = 512;

function readString(block: Buffer, start: number, length: number): string {
  const slice = block.subarray(start, start + length);
  const nul = slice.indexOf(0);
  return slice.subarray(0, nul === -1 ? slice.length : nul).toString('utf8');
}

/** Octal ASCII, or GNU base-256 when the high bit of the first byte is set. */
function readNumber(block: Buffer, start: number, length: number, where: string): number {
  const field = block.subarray(start, start + length);
  if (field[0]! & 0x80) {
    let value = 0;
    for (let i = 1; i < field.length; i++) {
      value = value * 256 + field[i]!;
      if (value > Number.MAX_SAFE_INTEGER)
        throw new ArchiveError('archive-corrupt', 'numeric header field out of range', { where });
    }
    return value;
  }
  const text = readString(block, start, length).trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text))
    throw new ArchiveError('archive-corrupt', 'tar header has a non-octal number field', {
      where,
      got: JSON.stringify(text),
    });
  return parseInt(text, 8);
}

/** True when a 512-byte block is a tar header with a valid checksum. */
export function isTarHeader(block: Buffer): boolean {
  if (block.length < BLOCK) return false;
  const stored = readString(block, 148, 8).trim();
  if (!/^[0-7]+$/.test(stored)) return false;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum === parseInt(stored, 8);
}

/** Parses a pax extended header body: "<len> key=value\n" records. */
function parsePax(body: Buffer, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  let pos = 0;
  while (pos < body.length) {
    const space = body.indexOf(0x20, pos);
    if (space === -1) break;
    const len = parseInt(body.subarray(pos, space).toString('ascii'), 10);
    if (!Number.isFinite(len) || len <= 0 || pos + len > body.length)
      throw new ArchiveError('archive-corrupt', 'malformed pax header record', { where });
    const record = body.subarray(space + 1, pos + len - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    pos += len;
  }
  return out;
}

/** Metadata headers (pax, GNU long names) are read into memory, so they get their own small cap. */
const MAX_META_BYTES = 64 * 1024;

/**
 * Streams a tar archive (ustar, pax, GNU long names) and hands each regular file to `onEntry`,
 * which returns a sink for its bytes or null to skip it. Refused with an `ArchiveError`:
 * symbolic and hard links, device files and FIFOs, sparse and unknown entry types, unsafe paths
 * (see `safeEntryPath`), the same path twice, a file that is also a folder, too many entries, a
 * too-large entry, bad header checksums and a stream that ends inside an entry. Nothing is
 * buffered beyond one 512-byte block and the metadata headers.
 */
export async function readTar(
  source: AsyncIterable<Uint8Array>,
  limits: ArchiveLimits,
  onEntry: (entry: TarEntry) => Promise<EntrySink | null> | EntrySink | null,
  where = 'archive',
): Promise<TarReadSummary> {
  const reader = new ChunkReader(source);
  const summary: TarReadSummary = { entries: 0, files: 0, bytes: 0 };
  const seen = new Map<string, 'file' | 'directory'>();
  let paxPath: string | undefined;
  let paxSize: number | undefined;
  let longName: string | undefined;
  let sawEnd = false;

  const readBody = async (size: number, what: string): Promise<Buffer> => {
    if (size > MAX_META_BYTES)
      throw new ArchiveError('archive-entry-too-large', `${what} header is too large`, {
        where,
        expected: `≤ ${MAX_META_BYTES} bytes`,
        got: `${size} bytes`,
      });
    const body = await reader.readExact(size);
    if (body.length < size)
      throw new ArchiveError('archive-truncated', 'archive ends inside a header', { where });
    await reader.skip((BLOCK - (size % BLOCK)) % BLOCK);
    return body;
  };

  const register = (path: string, type: 'file' | 'directory') => {
    // Every parent must be (or become) a folder; a path may appear once (folders may repeat).
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      if (seen.get(parent) === 'file')
        throw new ArchiveError(
          'archive-duplicate-entry',
          `"${parent}" is both a file and a folder`,
          { where },
        );
      seen.set(parent, 'directory');
    }
    const prior = seen.get(path);
    if (prior === 'file' || (prior === 'directory' && type === 'file')) {
      throw new ArchiveError('archive-duplicate-entry', `entry "${path}" appears twice`, {
        where,
        hint: 'a later entry would silently replace an earlier one',
      });
    }
    seen.set(path, type);
  };

  try {
    for (;;) {
      const header = await reader.readExact(BLOCK);
      if (header.length === 0) break; // clean end without the zero blocks (tolerated, like GNU tar)
      if (header.length < BLOCK)
        throw new ArchiveError('archive-truncated', 'archive ends inside a header block', {
          where,
        });
      if (header.every((b) => b === 0)) {
        sawEnd = true;
        break;
      }
      if (!isTarHeader(header))
        throw new ArchiveError('archive-corrupt', 'tar header checksum mismatch', {
          where,
          hint: `at byte ${reader.position - BLOCK}`,
        });
      summary.entries += 1;
      if (summary.entries > limits.maxEntries) {
        throw new ArchiveError('archive-too-many-entries', 'too many entries', {
          where,
          expected: `≤ ${limits.maxEntries}`,
          got: `more than ${limits.maxEntries}`,
        });
      }
      const typeflag = String.fromCharCode(header[156]!);
      const headerSize = readNumber(header, 124, 12, where);
      const magic = readString(header, 257, 6);
      const prefix = magic.startsWith('ustar') ? readString(header, 345, 155) : '';
      const rawName = prefix
        ? `${prefix}/${readString(header, 0, 100)}`
        : readString(header, 0, 100);

      if (typeflag === 'x') {
        const pax = parsePax(await readBody(headerSize, 'pax'), where);
        if (pax.path !== undefined) paxPath = pax.path;
        if (pax.size !== undefined) {
          if (!/^\d+$/.test(pax.size))
            throw new ArchiveError('archive-corrupt', 'pax size is not a number', { where });
          paxSize = Number(pax.size);
        }
        continue;
      }
      if (typeflag === 'g') {
        await readBody(headerSize, 'pax global');
        continue;
      }
      if (typeflag === 'L') {
        longName = (await readBody(headerSize, 'GNU long name'))
          .toString('utf8')
          .replace(/\0+$/, '');
        continue;
      }
      if (typeflag === 'K') {
        await readBody(headerSize, 'GNU long link name');
        continue;
      }
      const name = paxPath ?? longName ?? rawName;
      const size = paxSize ?? headerSize;
      paxPath = undefined;
      paxSize = undefined;
      longName = undefined;

      if (typeflag === '1' || typeflag === '2') {
        throw new ArchiveError(
          'archive-link',
          `${typeflag === '2' ? 'symbolic' : 'hard'} link entries are not allowed`,
          {
            where,
            got: JSON.stringify(name.slice(0, 200)),
            hint: 'a link could point outside the extraction folder',
          },
        );
      }
      if (typeflag === '3' || typeflag === '4' || typeflag === '6') {
        throw new ArchiveError('archive-special-file', 'device and FIFO entries are not allowed', {
          where,
          got: JSON.stringify(name.slice(0, 200)),
        });
      }
      const isFile = typeflag === '0' || typeflag === '\0' || typeflag === '7';
      const isDir = typeflag === '5';
      if (!isFile && !isDir) {
        throw new ArchiveError(
          'archive-unsupported-entry',
          `unsupported tar entry type "${typeflag.replace(/\0/g, '\\0')}"`,
          { where, got: JSON.stringify(name.slice(0, 200)) },
        );
      }
      // Old tars mark folders with a trailing slash on a regular-file type.
      const dirLike = isDir || (typeflag !== '7' && name.endsWith('/') && size === 0);
      const path = safeEntryPath(name, limits, where);
      if (dirLike) {
        register(path, 'directory');
        if (size > 0) await reader.skip(size + ((BLOCK - (size % BLOCK)) % BLOCK));
        continue;
      }
      if (size > limits.maxEntryBytes) {
        throw new ArchiveError('archive-entry-too-large', `entry "${path}" is too large`, {
          where,
          expected: `≤ ${limits.maxEntryBytes} bytes`,
          got: `${size} bytes`,
        });
      }
      register(path, 'file');
      summary.files += 1;
      summary.bytes += size;
      const sink = await onEntry({ path, type: 'file', size });
      let left = size;
      while (left > 0) {
        const chunk = await reader.readSome(left);
        if (!chunk)
          throw new ArchiveError('archive-truncated', `archive ends inside "${path}"`, {
            where,
            expected: `${size} bytes`,
            got: `${size - left} bytes`,
          });
        left -= chunk.length;
        if (sink) await sink.write(chunk);
      }
      if (sink) await sink.end();
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if ((await reader.skip(pad)) < pad)
        throw new ArchiveError('archive-truncated', 'archive ends inside padding', { where });
    }
    if (!sawEnd && summary.entries === 0)
      throw new ArchiveError('archive-corrupt', 'empty tar stream', { where });
    return summary;
  } finally {
    await reader.close();
  }
}
