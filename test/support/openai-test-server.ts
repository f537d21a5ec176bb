import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received, with its JSON body parsed. */
export interface RecordedRequest {
  index: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
}

/** What the server does for one request. */
type ScriptStep =
  /** A chat completion whose first choice's message content is `content`. */
  | {
      kind: 'reply';
      content: string | null;
      usage?: { prompt_tokens: number; completion_tokens: number };
      delayMs?: number;
    }
  /** Any HTTP status with a JSON body (e.g. 429 with `retry-after`, 500, 400). */
  | {
      kind: 'status';
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      delayMs?: number;
    }
  /** Answer nothing for `ms` (longer than the client's timeout), then close the socket. */
  | { kind: 'hang'; ms: number }
  /** Close the connection without an answer. */
  | { kind: 'drop' };

export type Fallback = (req: RecordedRequest) => ScriptStep | Promise<ScriptStep>;

export interface OpenAiTestServer {
  /** Base URL to give the openai client, e.g. http://127.0.0.1:PORT/v1 */
  baseURL: string;
  /** Every request so far, in arrival order. */
  requests: RecordedRequest[];
  /** Queues scripted steps; they are used in order before `fallback`. */
  enqueue(...steps: ScriptStep[]): void;
  setFallback(fallback: Fallback): void;
  /** Resolves once at least `n` requests have arrived. */
  waitForRequests(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Builds the body of a Chat Completions response (what an OpenAI-compatible server returns). */
function chatCompletionBody(
  content: string | null,
  usage = { prompt_tokens: 1000, completion_tokens: 200 },
  model = 'test-model',
): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

/** A schema-valid judge reply with the given subscores (score = their sum unless overridden). */
export function judgeReplyJson(
  subscores: { T: number; S: number; L: number; E: number; V: number },
  overrides: Record<string, unknown> = {},
): string {
  const score = subscores.T + subscores.S + subscores.L + subscores.E + subscores.V;
  return JSON.stringify({
    score,
    subscores,
    major_errors: [],
    minor_errors: ['test reply'],
    editability_assessment: 'native shapes and connectors',
    reason: 'scripted by the test server',
    ...overrides,
  });
}

/**
 * A local OpenAI-compatible server for tests (`POST /v1/chat/completions`, `GET /v1/models`):
 * records every request, answers from a script queue, then from a fallback (default: a valid
 * judge reply). Listens on 127.0.0.1 only, so it works with the tests' network ban.
 */
export async function startOpenAiTestServer(
  options: { fallback?: Fallback } = {},
): Promise<OpenAiTestServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptStep[] = [];
  let fallback: Fallback =
    options.fallback ??
    (() => ({ kind: 'reply', content: judgeReplyJson({ T: 15, S: 20, L: 10, E: 20, V: 5 }) }));
  const waiters: { n: number; resolve: () => void }[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    const recorded: RecordedRequest = {
      index: requests.length,
      method: req.method ?? '',
      path: req.url ?? '',
      headers,
      body,
    };
    if (req.method === 'GET' && req.url?.endsWith('/models')) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data: [{ id: 'test-model', object: 'model' }] }));
      return;
    }
    requests.push(recorded);
    for (const w of waiters.filter((w) => requests.length >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: `no route ${req.method} ${req.url}`, type: 'not_found' },
        }),
      );
      return;
    }
    const step = queue.length > 0 ? queue.shift()! : await fallback(recorded);
    const wait = (ms: number) =>
      new Promise<void>((r) => {
        const t = setTimeout(() => {
          timers.delete(t);
          r();
        }, ms);
        timers.add(t);
      });
    switch (step.kind) {
      case 'reply':
        if (step.delayMs) await wait(step.delayMs);
        if (res.destroyed) return;
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify(
              chatCompletionBody(step.content, step.usage, body?.model ?? 'test-model'),
            ),
          );
        return;
      case 'status':
        if (step.delayMs) await wait(step.delayMs);
        if (res.destroyed) return;
        res
          .writeHead(step.status, { 'content-type': 'application/json', ...(step.headers ?? {}) })
          .end(
            JSON.stringify(
              step.body ?? { error: { message: `scripted ${step.status}`, type: 'scripted' } },
            ),
          );
        return;
      case 'hang':
        await wait(step.ms);
        req.socket.destroy();
        return;
      case 'drop':
        req.socket.destroy();
        return;
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...steps) => queue.push(...steps),
    setFallback: (f) => {
      fallback = f;
    },
    waitForRequests: (n, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        if (requests.length >= n) return resolve();
        const t = setTimeout(
          () =>
            reject(
              new Error(`only ${requests.length} of ${n} requests arrived within ${timeoutMs} ms`),
            ),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(t);
            resolve();
          },
        });
      }),
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
