import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BotConfigError, createBotMiddleware } from '../src/adapters/server.ts';
import { createDeliveryStore } from '../src/delivery-store.ts';
import { githubApi } from './github-api-fake.ts';
import { disableNetwork, examplePayload, testPrivateKey, WEBHOOK_SECRET } from './support.ts';

beforeEach(() => disableNetwork());
afterEach(() => {
  nock.cleanAll();
});

const ENV = {
  APP_ID: '1',
  PRIVATE_KEY: testPrivateKey(),
  WEBHOOK_SECRET,
  LOG_LEVEL: 'fatal' as const,
};

/** The real server path: HTTP request → Probot's middleware (signature check) → handlers. */
async function withServer<T>(
  env: Record<string, string | undefined>,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const { middleware } = await createBotMiddleware(env);
  const server = http.createServer((req, res) => {
    void Promise.resolve(middleware(req, res, () => res.writeHead(404).end()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await fn(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`,
    );
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

async function post(
  url: string,
  body: string,
  signature: string | null,
  delivery = randomUUID(),
): Promise<number> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-github-event': 'pull_request',
    'x-github-delivery': delivery,
  };
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  const res = await fetch(url, { method: 'POST', headers, body });
  await res.text();
  return res.status;
}

const sign = (body: string, secret = WEBHOOK_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('server adapter', () => {
  it('refuses to start without a webhook secret', async () => {
    await expect(createBotMiddleware({ ...ENV, WEBHOOK_SECRET: undefined })).rejects.toThrow(
      BotConfigError,
    );
    await expect(createBotMiddleware({ ...ENV, WEBHOOK_SECRET: '  ' })).rejects.toThrow(
      /WEBHOOK_SECRET is not set/,
    );
    await expect(createBotMiddleware({ ...ENV, PRIVATE_KEY: undefined })).rejects.toThrow(
      /PRIVATE_KEY/,
    );
  });

  it('rejects deliveries with a missing or wrong signature before any handler runs', async () => {
    const body = JSON.stringify(examplePayload('pull_request', 'opened'));
    await withServer(ENV, async (url) => {
      // No API mocks exist: if a handler ran, its first GitHub call would fail loudly.
      expect(await post(url, body, sign(body, 'not-the-secret'))).toBe(400);
      expect(await post(url, body, null)).toBe(400);
      expect(await post(url, body.replace('"opened"', '"closed"'), sign(body))).toBe(400);
    });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('refuses an oversized or undeclared body before reading it (issue 12, finding 8)', async () => {
    const huge = 'x'.repeat(64 * 1024);
    await withServer({ ...ENV, FIGBOARD_MAX_WEBHOOK_BYTES: '16384' }, async (url) => {
      const { port, pathname } = new URL(url);
      // A raw request: headers only, the body never sent — the answer comes anyway.
      const raw = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request(
            { host: '127.0.0.1', port, path: pathname, method: 'POST', headers },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.flushHeaders();
        });
      const headers = {
        'content-type': 'application/json',
        'x-github-event': 'pull_request',
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': sign(huge, 'not-the-secret'),
      };
      expect(await raw({ ...headers, 'content-length': String(60 * 1024 * 1024) })).toBe(413);
      expect(await raw({ ...headers, 'transfer-encoding': 'chunked' })).toBe(411);
      // Within the cap the signature check still decides.
      expect(await post(url, huge.slice(0, 1000), sign('other', 'not-the-secret'))).toBe(400);
    });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('accepts a correctly signed delivery and runs the handler once per delivery id', async () => {
    const body = JSON.stringify(examplePayload('pull_request', 'opened'));
    const api = githubApi().canGetToken().hasPullFiles(2, ['docs/typo.md']);
    await withServer(ENV, async (url) => {
      const delivery = randomUUID();
      expect(await post(url, body, sign(body), delivery)).toBe(200);
      // GitHub's "Redeliver": same id, same body — accepted, but no second API call.
      expect(await post(url, body, sign(body), delivery)).toBe(200);
    });
    api.done();
  });
});

describe('delivery store', () => {
  it('forgets the oldest ids beyond its capacity and survives a restart through its file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'figboard-deliveries-'));
    try {
      const file = join(dir, 'deliveries.txt');
      const store = createDeliveryStore({ capacity: 3, file });
      expect(['a', 'b', 'c', 'd'].map((k) => store.claim(k))).toEqual([true, true, true, true]);
      expect(store.claim('d')).toBe(false);
      expect(store.claim('a')).toBe(true); // evicted, so claimable again
      const restarted = createDeliveryStore({ capacity: 3, file });
      expect(restarted.claim('a')).toBe(false);
      expect(restarted.claim('d')).toBe(false);
      restarted.release('d');
      expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).not.toContain('d');
      expect(restarted.claim('d')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
