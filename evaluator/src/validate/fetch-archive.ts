import { createHash } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import { isIP } from 'node:net';
import https from 'node:https';
import { dirname } from 'node:path';
import { FigboardError } from '../errors/figboard-error.ts';
import { blockedAddressReason } from './blocked-addresses.ts';
import { formatBytes } from './submission-rules.ts';

/** Why a download was refused; stable codes that become validation rule ids. */
export type ArchiveFetchCode =
  | 'archive-url'
  | 'archive-fetch-failed'
  | 'archive-too-large'
  | 'archive-timeout';

export class ArchiveFetchError extends FigboardError {
  constructor(
    code: ArchiveFetchCode,
    message: string,
    details: { where: string; expected?: string; got?: string; hint?: string; cause?: unknown },
  ) {
    super(message, { code, ...details });
  }
}

export interface FetchArchiveOptions {
  /** Where the bytes go (written to `dest.part` first, renamed when complete). */
  dest: string;
  maxBytes: number;
  /** Deadline for the whole download, headers and body. */
  timeoutMs: number;
}

/** The archive download port: the validator asks for bytes by URL; tests and CI pass adapters. */
export interface ArchiveFetcher {
  /** Downloads `url` to `opts.dest`, returning its size and SHA-256; throws `ArchiveFetchError`. */
  fetch(url: string, opts: FetchArchiveOptions): Promise<{ bytes: number; sha256: string }>;
}

const MAX_REDIRECTS = 3;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Options of the archive downloader. */
export interface ArchiveFetcherOptions {
  /** Allow loopback addresses (and plain http to them): a local test server. Default false. */
  allowLoopback?: boolean;
}

/**
 * Checks an archive URL: `https:` anywhere, plain `http:` only on loopback (local testing);
 * no credentials in the URL; an address written in the URL must be public (private, link-local,
 * metadata and — unless `allowLoopback` — loopback addresses are refused; host names are
 * checked again after DNS resolution). Returns the parsed URL or throws `ArchiveFetchError`.
 */
export function checkArchiveUrl(raw: string, options: ArchiveFetcherOptions = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new ArchiveFetchError('archive-url', 'archive URL is not a valid URL', {
      where: raw,
      cause,
    });
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ArchiveFetchError('archive-url', 'archive URL must use https', {
      where: raw,
      expected: 'https://…',
      got: url.protocol,
    });
  }
  if (url.username || url.password) {
    throw new ArchiveFetchError('archive-url', 'archive URL must not contain credentials', {
      where: raw,
      hint: 'use a public download URL',
    });
  }
  // An address written in the URL is checked here; a host name after DNS (guardedLookup).
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const blocked = isIP(host) ? blockedAddressReason(host, options.allowLoopback) : null;
  if (blocked) throw blockedUrl(raw, url.hostname, blocked);
  return url;
}

function blockedUrl(raw: string, address: string, why: string): ArchiveFetchError {
  return new ArchiveFetchError('archive-url', `archive URL points at ${why}`, {
    where: raw,
    expected: 'a public https host',
    got: address,
    hint: 'host the archive on a public server (Zenodo, a release asset)',
  });
}

/**
 * A DNS lookup for the http agents that refuses hosts resolving to any blocked address (every
 * address is checked, so a host with one public and one private address is refused too): the
 * check happens on the addresses actually connected to, which defeats DNS names pointing inside.
 */
function guardedLookup(raw: string, options: ArchiveFetcherOptions) {
  return (
    hostname: string,
    opts: { all?: boolean; family?: number },
    callback: (
      err: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    dnsLookup(hostname, { all: true, family: opts.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const why = blockedAddressReason(a.address, options.allowLoopback);
        if (why) return callback(blockedUrl(raw, `${hostname} (${a.address})`, why), []);
      }
      if (opts.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(
          Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
          [],
        );
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The real downloader (Node http/https, no extra dependency): follows at most three redirects,
 * refuses a declared `Content-Length` above the limit before reading, counts bytes while
 * streaming and aborts past the limit, and aborts everything at the deadline. Partial files are
 * removed. Hashes while writing, so a 2 GiB archive is never held in memory.
 */
export function createHttpArchiveFetcher(options: ArchiveFetcherOptions = {}): ArchiveFetcher {
  return {
    async fetch(rawUrl, opts) {
      const part = `${opts.dest}.part`;
      await mkdir(dirname(opts.dest), { recursive: true });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
      try {
        const result = await download(
          checkArchiveUrl(rawUrl, options),
          rawUrl,
          part,
          opts,
          controller.signal,
          0,
          options,
        );
        await rename(part, opts.dest);
        return result;
      } catch (err) {
        await rm(part, { force: true });
        if (
          controller.signal.aborted &&
          !(err instanceof ArchiveFetchError && err.code !== 'archive-fetch-failed')
        ) {
          throw new ArchiveFetchError(
            'archive-timeout',
            `archive download did not finish within ${Math.round(opts.timeoutMs / 1000)} s`,
            { where: rawUrl, cause: err },
          );
        }
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function download(
  url: URL,
  original: string,
  part: string,
  opts: FetchArchiveOptions,
  signal: AbortSignal,
  hops: number,
  options: ArchiveFetcherOptions,
): Promise<{ bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        signal,
        headers: { 'user-agent': 'figboard-validator', accept: '*/*' },
        lookup: guardedLookup(original, options) as never,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          if (hops >= MAX_REDIRECTS) {
            reject(
              new ArchiveFetchError('archive-fetch-failed', 'too many redirects', {
                where: original,
                expected: `at most ${MAX_REDIRECTS}`,
              }),
            );
            return;
          }
          let next: URL;
          try {
            next = checkArchiveUrl(new URL(res.headers.location, url).toString(), options);
          } catch (err) {
            reject(err);
            return;
          }
          download(next, original, part, opts, signal, hops + 1, options).then(resolve, reject);
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(
            new ArchiveFetchError('archive-fetch-failed', `server answered HTTP ${status}`, {
              where: original,
              expected: 'HTTP 200',
              got: `HTTP ${status}`,
            }),
          );
          return;
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          reject(
            new ArchiveFetchError('archive-too-large', 'archive is larger than allowed', {
              where: original,
              expected: `at most ${formatBytes(opts.maxBytes)}`,
              got: formatBytes(declared),
            }),
          );
          return;
        }
        const hash = createHash('sha256');
        const out = createWriteStream(part);
        let bytes = 0;
        let failed = false;
        const fail = (err: unknown) => {
          if (failed) return;
          failed = true;
          res.destroy();
          out.destroy();
          reject(err);
        };
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > opts.maxBytes) {
            fail(
              new ArchiveFetchError('archive-too-large', 'archive is larger than allowed', {
                where: original,
                expected: `at most ${formatBytes(opts.maxBytes)}`,
                got: `more than ${formatBytes(opts.maxBytes)}`,
              }),
            );
            return;
          }
          hash.update(chunk);
          if (!out.write(chunk)) {
            res.pause();
            out.once('drain', () => res.resume());
          }
        });
        res.on('error', (err) =>
          fail(
            new ArchiveFetchError('archive-fetch-failed', `download interrupted: ${err.message}`, {
              where: original,
              cause: err,
            }),
          ),
        );
        res.on('end', () => {
          if (failed) return;
          out.end(() => resolve({ bytes, sha256: hash.digest('hex') }));
        });
        out.on('error', (err) => fail(err));
      },
    );
    req.on('error', (err) =>
      reject(
        err instanceof ArchiveFetchError
          ? err
          : new ArchiveFetchError('archive-fetch-failed', `cannot download: ${err.message}`, {
              where: original,
              cause: err,
            }),
      ),
    );
  });
}
