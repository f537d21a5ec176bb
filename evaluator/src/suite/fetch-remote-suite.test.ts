import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../test/orbit/helpers/run-cli.ts';
import { packTarGz } from '../archive/write-tar.ts';
import { sha256 } from '../util/sha256.ts';
import { fetchRemoteSuite } from './fetch-remote-suite.ts';
import { packSuite } from './pack-suite.ts';
import { verifySuite } from './verify-suite.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
let server: Server;
let base: string;
let work: string;
const files = new Map<string, Buffer>();
const hits = new Map<string, number>();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'figboard-remote-'));
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    const body = files.get(req.url!);
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length })
      .end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(work, { recursive: true, force: true });
});

/** A remote copy of refig-sample: suite.json with "remote" and no task folders. */
async function remoteSuite(name: string, url: string, hash: string): Promise<string> {
  const dir = join(work, name);
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  const manifest = JSON.parse(
    await readFile(join(ROOT, 'suites', 'refig-sample', 'suite.json'), 'utf8'),
  );
  manifest.remote = { url, sha256: hash };
  await writeFile(join(dir, 'suite.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

describe('remote suites', () => {
  it('packs deterministically, fetches over HTTP, verifies, and caches by hash', async () => {
    const a = await packSuite(join(ROOT, 'suites', 'refig-sample'), join(work, 'a.tar.gz'));
    const b = await packSuite(join(ROOT, 'suites', 'refig-sample'), join(work, 'b.tar.gz'));
    expect(a.sha256).toBe(b.sha256);
    expect(a.files).toBe(18);
    files.set('/refig-sample.tar.gz', await readFile(join(work, 'a.tar.gz')));
    const dir = await remoteSuite('remote-ok', `${base}/refig-sample.tar.gz`, a.sha256);
    const cache = join(work, 'cache');

    const first = await runCli(['suite', 'fetch', dir, '--cache', cache], work);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      `fetched ${base}/refig-sample.tar.gz → cache/${a.sha256} (6 tasks)`,
    );
    const second = await runCli(['suite', 'verify', dir, '--cache', cache], work);
    expect(second.stdout).toBe(
      `ok   ${dir}: 6 tasks, every image hash and file verified; 6 with truth.json (schema and geometry checked)\n`,
    );
    expect(hits.get('/refig-sample.tar.gz')).toBe(1); // the second run used the cache
    const stats = await runCli(['suite', 'stats', dir, '--cache', cache, '--json'], work);
    expect(JSON.parse(stats.stdout).tasks).toBe(6);
  });

  it('without fetching, loading says where the tasks are', async () => {
    const dir = await remoteSuite('remote-unfetched', `${base}/nowhere.tar.gz`, 'a'.repeat(64));
    const suite = await verifySuite(dir);
    expect(suite.problems.map((p) => p.rule)).toEqual(['suite-remote-not-fetched']);
  });

  it('refuses an archive whose SHA-256 differs from the pinned one, and unpacks nothing', async () => {
    const body = packTarGz([{ path: 'fig01-000/task.json', data: Buffer.from('{}') }]);
    files.set('/changed.tar.gz', body);
    const pinned = 'b'.repeat(64);
    const cache = join(work, 'cache-mismatch');
    const err = await fetchRemoteSuite(
      { url: `${base}/changed.tar.gz`, sha256: pinned },
      { cacheDir: cache },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'remote-hash-mismatch',
      expected: pinned,
      got: sha256(body),
    });
    expect(await readdir(cache)).toEqual([]);
  });

  it('refuses a hostile archive even when its hash is pinned', async () => {
    const { tarHeader, tarBody } = await import('../archive/write-tar.ts');
    const { gzipSync } = await import('node:zlib');
    const evil = gzipSync(
      Buffer.concat([
        tarHeader({ name: '../../escaped.txt', size: 4 }),
        tarBody(Buffer.from('pwnd')),
        Buffer.alloc(1024),
      ]),
    );
    files.set('/evil.tar.gz', evil);
    const cache = join(work, 'cache-evil');
    const err = await fetchRemoteSuite(
      { url: `${base}/evil.tar.gz`, sha256: sha256(evil) },
      { cacheDir: cache },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'archive-unsafe-path' });
    expect(await readdir(cache)).toEqual([]);
    expect(await readdir(work)).not.toContain('escaped.txt');
  });

  it('reports an HTTP error with the URL and status', async () => {
    const err = await fetchRemoteSuite(
      { url: `${base}/missing.tar.gz`, sha256: 'c'.repeat(64) },
      { cacheDir: join(work, 'cache-404') },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'http-status',
      where: `${base}/missing.tar.gz`,
      expected: '200',
      got: '404',
    });
  });
});
