import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHttp } from '../suite/http-port.ts';
import type { Clock } from './clock.ts';
import { PoliteHttp } from './polite-http.ts';

let server: Server;
let base: string;
const script = new Map<
  string,
  { status: number; body?: string; headers?: Record<string, string> }[]
>();
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/drop') {
      req.socket.destroy();
      return;
    }
    const next = script.get(req.url!)?.shift() ?? { status: 200, body: 'ok' };
    res.writeHead(next.status, next.headers ?? {}).end(next.body ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function clock(): Clock & { sleeps: number[] } {
  let t = 0;
  const sleeps: number[] = [];
  return { sleeps, now: () => t, sleep: async (ms) => void (sleeps.push(ms), (t += ms)) };
}
const client = (c: Clock, maxRetries = 3) =>
  new PoliteHttp(fetchHttp, c, {
    minIntervalMs: 3000,
    maxRetries,
    backoffMs: 1000,
    userAgent: 'test',
    timeoutMs: 5000,
  });

describe('PoliteHttp', () => {
  it('spaces requests by the minimum interval through the clock', async () => {
    const c = clock();
    const http = client(c);
    for (let i = 0; i < 3; i++) expect(await http.getText(`${base}/a`, 100)).toBe('ok');
    expect(c.sleeps).toEqual([3000, 3000]);
    expect(http.stats).toMatchObject({ requests: 3, retries: 0 });
  });

  it('retries 429 and 5xx with back-off that honours Retry-After, then succeeds', async () => {
    script.set('/busy', [
      { status: 429, headers: { 'retry-after': '20' } },
      { status: 503 },
      { status: 200, body: 'finally' },
    ]);
    const c = clock();
    const http = client(c);
    expect(await http.getText(`${base}/busy`, 100)).toBe('finally');
    // back-off 1 s doubled (1 s, 2 s) but at least Retry-After (20 s); spacing covered by back-off
    expect(c.sleeps).toEqual([20_000, 2000, 1000]);
    expect(http.stats.retries).toBe(2);
  });

  it('fails at once on 404, and after the retries on persistent 5xx or dropped connections', async () => {
    script.set('/missing', [{ status: 404 }]);
    await expect(client(clock()).getText(`${base}/missing`, 100)).rejects.toMatchObject({
      code: 'http-status',
      got: '404',
    });
    script.set(
      '/down',
      Array.from({ length: 5 }, () => ({ status: 500 })),
    );
    const c = clock();
    const down = client(c, 2);
    await expect(down.getText(`${base}/down`, 100)).rejects.toMatchObject({
      code: 'http-status',
      got: '500',
    });
    // back-off 1 s, spacing tops it up to 3 s, back-off 2 s, spacing tops up to 3 s again
    expect(c.sleeps).toEqual([1000, 2000, 2000, 1000]);
    expect(down.stats).toMatchObject({ requests: 3, retries: 2 });
    await expect(client(clock(), 1).getText(`${base}/drop`, 100)).rejects.toMatchObject({
      code: 'download-failed',
    });
  });

  it('bounds response sizes', async () => {
    script.set('/big', [{ status: 200, body: 'x'.repeat(5000) }]);
    await expect(client(clock()).getText(`${base}/big`, 1000)).rejects.toMatchObject({
      code: 'response-too-large',
    });
    const dir = await mkdtemp(join(tmpdir(), 'figboard-dl-'));
    script.set('/file', [
      { status: 200, body: 'y'.repeat(5000), headers: { 'content-length': '5000' } },
    ]);
    await expect(
      client(clock()).download(`${base}/file`, join(dir, 'f'), 1000),
    ).rejects.toMatchObject({ code: 'download-too-large' });
    script.set('/file2', [{ status: 503 }, { status: 200, body: 'zz' }]);
    const ok = await client(clock()).download(`${base}/file2`, join(dir, 'g'), 1000);
    expect(ok.bytes).toBe(2);
    expect(await readFile(join(dir, 'g'), 'utf8')).toBe('zz');
    await rm(dir, { recursive: true });
  });
});
