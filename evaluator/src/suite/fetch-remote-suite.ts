import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArchiveLimits } from '../archive/archive-limits.ts';
import { extractArchive } from '../archive/extract-archive.ts';
import { FigboardError } from '../errors/index.ts';
import { sha256File } from '../util/sha256.ts';
import { downloadToFile } from './download-to-file.ts';
import { fetchHttp, type HttpPort } from './http-port.ts';

export interface FetchRemoteSuiteOptions {
  /** Cache root; the suite lands in `<cacheDir>/<sha256>/`. */
  cacheDir: string;
  http?: HttpPort;
  /** Largest archive accepted (default 2 GiB). */
  maxDownloadBytes?: number;
  limits?: Partial<ArchiveLimits>;
}

const COMPLETE = '.figboard-complete';

/**
 * Makes the task folders of a remote suite (`suite.json` "remote": {url, sha256}) available
 * locally: downloads the archive (http(s) or file URL), refuses it unless its SHA-256 equals the
 * pinned one, unpacks it with the hostile-input-safe archive reader, and caches the result by
 * hash — a second call is free, and a half-finished earlier attempt is never mistaken for a
 * complete one. Returns the folder that holds the task folders.
 */
export async function fetchRemoteSuite(
  remote: { url: string; sha256: string },
  options: FetchRemoteSuiteOptions,
): Promise<{ dir: string; cached: boolean }> {
  const target = join(options.cacheDir, remote.sha256);
  try {
    await stat(join(target, COMPLETE));
    return { dir: target, cached: true };
  } catch {
    // not cached yet
  }
  await mkdir(options.cacheDir, { recursive: true });
  const tag = randomUUID();
  const part = join(options.cacheDir, `${remote.sha256}.part-${tag}`);
  const staging = join(options.cacheDir, `${remote.sha256}.tmp-${tag}`);
  try {
    let actual: string;
    if (remote.url.startsWith('file:')) {
      await copyFile(fileURLToPath(remote.url), part);
      actual = await sha256File(part);
    } else {
      actual = (
        await downloadToFile(options.http ?? fetchHttp, remote.url, part, {
          maxBytes: options.maxDownloadBytes ?? 2 * 1024 ** 3,
          timeoutMs: 30 * 60_000,
        })
      ).sha256;
    }
    if (actual !== remote.sha256) {
      throw new FigboardError('remote suite archive does not match its pinned SHA-256', {
        code: 'remote-hash-mismatch',
        where: remote.url,
        expected: remote.sha256,
        got: actual,
        hint: 'the archive changed upstream or the download was corrupted; nothing was unpacked',
      });
    }
    await extractArchive(part, staging, { limits: options.limits });
    await writeFile(join(staging, COMPLETE), `${remote.sha256}\n`);
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
    return { dir: target, cached: false };
  } finally {
    await rm(part, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
