import { createReadStream } from 'node:fs';
import { mkdir, open, type FileHandle, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ArchiveError } from './archive-error.ts';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from './archive-limits.ts';
import { ChunkReader } from './chunk-reader.ts';
import { gunzipBounded } from './gunzip-bounded.ts';
import { isTarHeader, readTar } from './read-tar.ts';

/** What kind of package a file turned out to be. */
export type ArchiveKind = 'tar' | 'tar.gz' | 'gzip-single' | 'pdf';

export interface ExtractedArchive {
  kind: ArchiveKind;
  /** Relative paths of the files written, sorted. Empty for `pdf`. */
  files: string[];
  /** Bytes written. */
  bytes: number;
}

export interface ExtractOptions {
  limits?: Partial<ArchiveLimits>;
  /** File name for a gzip'd single file (arXiv serves one-file TeX sources this way). */
  singleFileName?: string;
}

/** Re-yields `first` and then the rest of a reader, so sniffed bytes are not lost. */
async function* prepend(first: Buffer, rest: ChunkReader): AsyncGenerator<Buffer> {
  if (first.length > 0) yield first;
  for (;;) {
    const chunk = await rest.readSome(1 << 20);
    if (!chunk) return;
    yield chunk;
  }
}

const GZIP = Buffer.from([0x1f, 0x8b]);

/**
 * Extracts an untrusted package into `destDir` (which must be new and empty): a tar, a gzip'd
 * tar, or a single gzip'd file (e.g. arXiv's one-file TeX sources). A PDF is recognised and
 * reported (`kind: 'pdf'`), not extracted. Every bound in `ArchiveLimits` is enforced while
 * streaming; entry names are never trusted as paths (see `safeEntryPath`), links and device
 * files are refused, files are written with mode 0644 and never through an existing file.
 * On refusal an `ArchiveError` is thrown; the caller deletes `destDir`.
 */
export async function extractArchive(
  file: string,
  destDir: string,
  options: ExtractOptions = {},
): Promise<ExtractedArchive> {
  const limits = { ...DEFAULT_ARCHIVE_LIMITS, ...options.limits };
  const { size } = await stat(file);
  if (size > limits.maxCompressedBytes) {
    throw new ArchiveError('archive-too-large', 'archive file is too large', {
      where: file,
      expected: `≤ ${limits.maxCompressedBytes} bytes`,
      got: `${size} bytes`,
    });
  }
  const raw = new ChunkReader(createReadStream(file, { highWaterMark: 256 * 1024 }));
  const head = await raw.readExact(5);
  if (head.subarray(0, 4).toString('latin1') === '%PDF') {
    await raw.close();
    return { kind: 'pdf', files: [], bytes: 0 };
  }
  const gz = head.subarray(0, 2).equals(GZIP);
  const body = new ChunkReader(
    gz ? gunzipBounded(prepend(head, raw), limits.maxInflatedBytes, file) : prepend(head, raw),
  );
  const first = await body.readExact(512);
  if (!gz && !isTarHeader(first)) {
    await body.close();
    throw new ArchiveError('archive-unknown-format', 'not a tar, gzip or PDF file', {
      where: file,
      got: JSON.stringify(head.toString('latin1')),
    });
  }
  await mkdir(destDir, { recursive: true });
  const written: string[] = [];
  let bytes = 0;

  const openSink = async (relPath: string) => {
    const target = join(destDir, ...relPath.split('/'));
    await mkdir(dirname(target), { recursive: true });
    // 'wx': fail instead of writing through anything already there (a file or a planted link).
    const handle: FileHandle = await open(target, 'wx', 0o644);
    written.push(relPath);
    return {
      async write(chunk: Buffer) {
        bytes += chunk.length;
        await handle.write(chunk);
      },
      async end() {
        await handle.close();
      },
      handle,
    };
  };

  if (isTarHeader(first)) {
    let current: Awaited<ReturnType<typeof openSink>> | null = null;
    try {
      await readTar(
        prepend(first, body),
        limits,
        async (entry) => (current = await openSink(entry.path)),
        file,
      );
      // Read on past the end-of-archive blocks so a truncated or corrupt gzip trailer (CRC,
      // length) is still noticed; gunzipBounded keeps this within the inflated-size limit.
      while (await body.readSome(1 << 20));
    } finally {
      // A refused archive can leave one file open mid-write.
      await (current as Awaited<ReturnType<typeof openSink>> | null)?.handle
        .close()
        .catch(() => {});
      await body.close();
    }
    return { kind: gz ? 'tar.gz' : 'tar', files: written.sort(), bytes };
  }

  // A single gzip'd file: stream it out under the fixed name, bounded like a tar entry.
  const name = options.singleFileName ?? 'main.tex';
  const sink = await openSink(name);
  try {
    let total = first.length;
    if (total > limits.maxEntryBytes)
      throw new ArchiveError('archive-entry-too-large', 'file is too large', {
        where: file,
        expected: `≤ ${limits.maxEntryBytes} bytes`,
      });
    await sink.write(first);
    for (;;) {
      const chunk = await body.readSome(1 << 20);
      if (!chunk) break;
      total += chunk.length;
      if (total > limits.maxEntryBytes)
        throw new ArchiveError('archive-entry-too-large', 'file is too large', {
          where: file,
          expected: `≤ ${limits.maxEntryBytes} bytes`,
          got: `more than ${limits.maxEntryBytes} bytes`,
        });
      await sink.write(chunk);
    }
  } finally {
    await sink.end().catch(() => {});
    await body.close();
  }
  return { kind: 'gzip-single', files: [name], bytes };
}
