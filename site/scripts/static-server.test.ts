import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from './static-server.ts';

let dir: string;
let server: StaticServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-serve-'));
  await mkdir(join(dir, 'site', 'a'), { recursive: true });
  await writeFile(join(dir, 'site', 'index.html'), 'home');
  await writeFile(join(dir, 'site', 'a', 'index.html'), 'page a');
  await writeFile(join(dir, 'site', '404.html'), 'missing');
  await writeFile(join(dir, 'secret.txt'), 'outside the site');
  server = await startStaticServer(join(dir, 'site'), { base: '/repo/' });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Raw request so "../" is sent as written (fetch would normalise it). */
function raw(
  path: string,
  method = 'GET',
): Promise<{ status: number; body: string; location?: string }> {
  const url = new URL(server.url);
  return new Promise((ok, fail) => {
    const req = request({ host: url.hostname, port: url.port, path, method }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () =>
        ok({ status: res.statusCode ?? 0, body, location: res.headers.location }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

it('serves the site under its base path like GitHub Pages', async () => {
  expect(await raw('/repo/')).toMatchObject({ status: 200, body: 'home' });
  expect(await raw('/repo/a/')).toMatchObject({ status: 200, body: 'page a' });
  expect(await raw('/repo/a')).toMatchObject({ status: 301, location: '/repo/a/' });
  expect(await raw('/repo/nope/')).toMatchObject({ status: 404, body: 'missing' });
  expect(await raw('/a/')).toMatchObject({ status: 404 });
});

it('never serves files outside the folder, and only GET/HEAD', async () => {
  for (const p of [
    '/repo/../secret.txt',
    '/repo/%2e%2e/secret.txt',
    '/repo/a/../../secret.txt',
    '/repo/..%2fsecret.txt',
  ]) {
    const res = await raw(p);
    expect(res.body, p).not.toContain('outside the site');
  }
  expect((await raw('/repo/', 'POST')).status).toBe(405);
});
