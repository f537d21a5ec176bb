import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { FigboardError } from '../errors/index.ts';
import type { HttpPort } from './http-port.ts';

/** A download refused or failed; `code` is `http-status`, `download-too-large` or `download-failed`. */
export class DownloadError extends FigboardError {}

/**
 * Streams `url` into `dest`, hashing as it goes and stopping as soon as more than `maxBytes`
 * arrive (a `Content-Length` over the limit is refused before reading). Returns the byte count
 * and SHA-256. On any failure the partial file is removed.
 */
export async function downloadToFile(
  http: HttpPort,
  url: string,
  dest: string,
  options: { maxBytes: number; timeoutMs?: number; headers?: Record<string, string> },
): Promise<{ bytes: number; sha256: string; contentType: string | null }> {
  let res;
  try {
    res = await http.get(url, { headers: options.headers, timeoutMs: options.timeoutMs });
  } catch (err) {
    throw new DownloadError(`request failed: ${(err as Error).message}`, {
      code: 'download-failed',
      where: url,
      cause: err,
    });
  }
  if (res.status !== 200) {
    await res.discard();
    throw new DownloadError(`HTTP ${res.status}`, {
      code: 'http-status',
      where: url,
      expected: '200',
      got: String(res.status),
    });
  }
  const declared = Number(res.header('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await res.discard();
    throw new DownloadError('download is too large', {
      code: 'download-too-large',
      where: url,
      expected: `≤ ${options.maxBytes} bytes`,
      got: `${declared} bytes (Content-Length)`,
    });
  }
  const hash = createHash('sha256');
  let bytes = 0;
  const handle = await open(dest, 'w');
  try {
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      if (bytes > options.maxBytes) {
        throw new DownloadError('download is too large', {
          code: 'download-too-large',
          where: url,
          expected: `≤ ${options.maxBytes} bytes`,
          got: `more than ${options.maxBytes} bytes`,
        });
      }
      hash.update(chunk);
      await handle.write(chunk);
    }
  } catch (err) {
    await handle.close();
    await rm(dest, { force: true });
    await res.discard();
    if (err instanceof DownloadError) throw err;
    throw new DownloadError(`download interrupted: ${(err as Error).message}`, {
      code: 'download-failed',
      where: url,
      cause: err,
    });
  }
  await handle.close();
  return { bytes, sha256: hash.digest('hex'), contentType: res.header('content-type') };
}
