import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';

/** What a bounded read of a submitter-controlled file came to. */
export type BoundedRead =
  | { kind: 'ok'; bytes: Buffer }
  /** Nothing there, or nothing that opens as a regular file (gone between lstat and open). */
  | { kind: 'missing' }
  /** A symbolic link (never followed: it could point at any host file), FIFO, device or folder. */
  | { kind: 'not-a-file'; link: boolean }
  /** More than `maxBytes`; `size` is the larger of the size on disk and what was read. */
  | { kind: 'too-large'; size: number };

/**
 * THE bounded read of a file a submitter controls: `lstat` first, then `open` with O_NOFOLLOW
 * (a link is refused, never followed) and O_NONBLOCK (a FIFO is refused instead of waiting for a
 * writer), then at most `maxBytes + 1` bytes — the size `stat` reported can change under us, so
 * the extra byte is what proves a file too large. Never reads more, never throws for the file's
 * sake; the caller turns the outcome into its own problem or error.
 */
export async function readBoundedFile(path: string, maxBytes: number): Promise<BoundedRead> {
  const info = await lstat(path).catch(() => null);
  if (!info) return { kind: 'missing' };
  if (!info.isFile()) return { kind: 'not-a-file', link: info.isSymbolicLink() };
  const handle = await open(
    path,
    constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
  ).catch(() => null);
  const stat = await handle?.stat().catch(() => null);
  if (!handle || !stat?.isFile()) {
    await handle?.close();
    return { kind: 'missing' };
  }
  try {
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (stat.size > maxBytes || bytesRead > maxBytes)
      return { kind: 'too-large', size: Math.max(stat.size, bytesRead) };
    return { kind: 'ok', bytes: buffer.subarray(0, bytesRead) };
  } finally {
    await handle.close();
  }
}
