import { createGunzip } from 'node:zlib';
import { ArchiveError } from './archive-error.ts';

/**
 * Gunzips a byte stream, counting inflated bytes as they come out and stopping the inflater as
 * soon as the count passes `maxBytes` — a gzip bomb costs at most `maxBytes` of work, and
 * memory stays at one zlib window plus one chunk. Corrupt or truncated gzip data raises
 * `archive-corrupt` / `archive-truncated`.
 */
export async function* gunzipBounded(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  where = 'archive',
): AsyncGenerator<Buffer> {
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  let fed: Promise<void> | undefined;
  let feedError: unknown;
  // Feed the compressed bytes in the background, honouring back-pressure.
  fed = (async () => {
    try {
      for await (const chunk of source) {
        if (gunzip.destroyed) return;
        if (!gunzip.write(chunk))
          await new Promise<void>((resolve) =>
            gunzip.once('drain', resolve).once('close', resolve),
          );
      }
      if (!gunzip.destroyed) gunzip.end();
    } catch (err) {
      feedError = err;
      gunzip.destroy(err as Error);
    }
  })();
  let total = 0;
  try {
    for await (const chunk of gunzip) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) {
        throw new ArchiveError(
          'archive-inflated-too-large',
          'archive inflates beyond the limit (gzip bomb?)',
          { where, expected: `≤ ${maxBytes} bytes inflated`, got: `more than ${maxBytes} bytes` },
        );
      }
      yield chunk as Buffer;
    }
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    if (feedError) throw feedError;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || /unexpected end/i.test((err as Error).message)) {
      throw new ArchiveError('archive-truncated', 'gzip stream is truncated', {
        where,
        cause: err,
      });
    }
    throw new ArchiveError('archive-corrupt', `gzip data is corrupt: ${(err as Error).message}`, {
      where,
      cause: err,
    });
  } finally {
    gunzip.destroy();
    await fed;
  }
}
