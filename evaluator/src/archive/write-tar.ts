import { gzipSync } from 'node:zlib';

/** Raw fields of one tar header; tests use it to build hostile entries on purpose. */
export interface TarHeaderFields {
  name: string;
  size: number;
  /** '0' file, '5' folder, '2' symlink, '1' hard link, '3'/'4' devices, 'x' pax, 'L' GNU long name … */
  type?: string;
  mode?: number;
  linkname?: string;
  mtime?: number;
}

function writeString(block: Buffer, value: string, start: number, length: number): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar field too long: ${value}`);
  bytes.copy(block, start);
}

function writeOctal(block: Buffer, value: number, start: number, length: number): void {
  writeString(block, value.toString(8).padStart(length - 1, '0'), start, length - 1);
}

/** One 512-byte ustar header with a correct checksum. Names longer than 100 bytes are refused. */
export function tarHeader(f: TarHeaderFields): Buffer {
  const block = Buffer.alloc(512);
  writeString(block, f.name, 0, 100);
  writeOctal(block, f.mode ?? (f.type === '5' ? 0o755 : 0o644), 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeOctal(block, f.size, 124, 12);
  writeOctal(block, f.mtime ?? 0, 136, 12);
  block.fill(0x20, 148, 156);
  block.write(f.type ?? '0', 156, 'latin1');
  if (f.linkname) writeString(block, f.linkname, 157, 100);
  block.write('ustar\0', 257, 'latin1');
  block.write('00', 263, 'latin1');
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += block[i]!;
  writeString(block, `${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/** Data padded to a whole number of 512-byte blocks. */
export function tarBody(data: Uint8Array): Buffer {
  const pad = (512 - (data.length % 512)) % 512;
  return Buffer.concat([Buffer.from(data), Buffer.alloc(pad)]);
}

/** A pax extended header carrying `path` (for names over 100 bytes). */
function paxFor(path: string): Buffer {
  const record = (key: string, value: string) => {
    const body = ` ${key}=${value}\n`;
    let len = Buffer.byteLength(body) + 1;
    while (String(len).length + Buffer.byteLength(body) !== len)
      len = String(len).length + Buffer.byteLength(body);
    return `${len}${body}`;
  };
  const data = Buffer.from(record('path', path), 'utf8');
  return Buffer.concat([
    tarHeader({ name: 'PaxHeader', size: data.length, type: 'x' }),
    tarBody(data),
  ]);
}

/**
 * A deterministic tar: entries in the given order, mtime 0, uid/gid 0, mode 0644, ended by two
 * zero blocks. Same files → same bytes → same SHA-256 (what a remote suite's URL pins).
 */
export function packTar(files: readonly { path: string; data: Uint8Array }[]): Buffer {
  const parts: Buffer[] = [];
  for (const f of files) {
    if (Buffer.byteLength(f.path) > 100) parts.push(paxFor(f.path));
    parts.push(
      tarHeader({
        name: Buffer.byteLength(f.path) > 100 ? f.path.slice(-100).replace(/^[^/]*\//, '') : f.path,
        size: f.data.length,
      }),
    );
    parts.push(tarBody(f.data));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/** `packTar` gzip'd with fixed settings (gzip header has no timestamp). */
export function packTarGz(files: readonly { path: string; data: Uint8Array }[]): Buffer {
  return gzipSync(packTar(files), { level: 9 });
}
