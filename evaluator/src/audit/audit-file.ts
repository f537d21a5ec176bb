import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { AuditRecord } from '../schemas/audit-record.schema.ts';
import { PptxReadError } from '../pptx/pptx-read-error.ts';
import { ReaderLimits } from '../pptx/reader-limits.ts';
import { auditPptx, describe, emptyAudit, type AuditOptions } from './audit-pptx.ts';

/**
 * Audits a deck file. A path that does not exist, is not a regular file or cannot be read is
 * not an exception: it is a record with `gate.reason = "missing"` (a missing artifact scores 0
 * and stays in every mean), so one bad path never stops a batch. A file over `maxFileBytes` is
 * refused from its size without being read.
 *
 * @param path where to read the file
 * @param name how the record names it (defaults to `path`)
 */
export async function auditFile(
  path: string,
  options: AuditOptions & { name?: string } = {},
): Promise<AuditRecord> {
  const name = options.name ?? path;
  const limits = ReaderLimits.parse(options.limits ?? {});
  let bytes: Uint8Array;
  // Synchronous reads: a deck is at most maxFileBytes and usually a few dozen KiB, and a batch of
  // small files costs several times more through the thread pool (fs/promises) than read
  // directly. O_NONBLOCK makes opening a FIFO return at once instead of waiting for a writer;
  // fstat then refuses it as "not a regular file" before anything is read.
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const info = fstatSync(fd);
    if (!info.isFile())
      return missing(
        name,
        options,
        `${name} is ${info.isDirectory() ? 'a directory' : 'not a regular file'}`,
        'a .pptx file',
      );
    if (info.size > limits.maxFileBytes) {
      const err = new PptxReadError('too-large', 'the deck file is too large', {
        where: name,
        expected: `at most ${limits.maxFileBytes} bytes`,
        got: `${info.size} bytes`,
      });
      return emptyAudit(
        name,
        { sha256: null, bytes: info.size },
        { passed: false, reason: 'too-large', detail: describe(err) },
      );
    }
    bytes = readExactly(fd, info.size);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return missing(
      name,
      options,
      `${name}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
      'an existing, readable .pptx file',
    );
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return auditPptx(name, bytes, options);
}

function missing(
  name: string,
  options: AuditOptions,
  detail: string,
  expected: string,
): AuditRecord {
  const record = emptyAudit(
    name,
    { sha256: null, bytes: null },
    { passed: false, reason: 'missing', detail: `${detail} (expected ${expected})` },
  );
  if (options.objects) record.objects = [];
  return record;
}

/**
 * Reads a regular file of `size` bytes (as fstat said, already checked against the limit). A
 * file that grew since is read only up to `size` and one that shrank yields the bytes there, so
 * the read stays bounded whatever happens to the file meanwhile.
 */
function readExactly(fd: number, size: number): Uint8Array {
  const buf = Buffer.allocUnsafe(size);
  let got = 0;
  while (got < buf.length) {
    const n = readSync(fd, buf, got, buf.length - got, got);
    if (n === 0) break;
    got += n;
  }
  return got === buf.length ? buf : buf.subarray(0, got);
}
