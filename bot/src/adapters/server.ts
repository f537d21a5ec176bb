import http from 'node:http';
import { type ApplicationFunction, createNodeMiddleware, createProbot, type Probot } from 'probot';
import { configFromEnv } from '../config.ts';
import { createDeliveryStore } from '../delivery-store.ts';
import { downloadBundle } from '../github/download-bundle.ts';
import { figboardApp } from '../index.ts';

/** The bot was started without what it needs; the message says which variable. */
export class BotConfigError extends Error {
  override name = 'BotConfigError';
}

type Env = Record<string, string | undefined>;

/**
 * Refuses to go on without WEBHOOK_SECRET: an endpoint that cannot verify signatures would let
 * anyone forge events, and `probot run` would otherwise fall back to an insecure default.
 */
function requireWebhookSecret(env: Env): void {
  if (!env.WEBHOOK_SECRET || env.WEBHOOK_SECRET.trim() === '')
    throw new BotConfigError(
      'WEBHOOK_SECRET is not set: refusing to start a webhook server that cannot verify signatures (set it to the secret configured in the GitHub App)',
    );
}

/**
 * The FigBoard app with its deps built from the environment (config, delivery store, scorecard
 * download), as both deployments start it: this server and `probot run` (`probot-app.ts`).
 * Refuses without WEBHOOK_SECRET.
 */
export function appFromEnv(env: Env): ApplicationFunction {
  requireWebhookSecret(env);
  const config = configFromEnv(env);
  return figboardApp({
    config,
    deliveries: createDeliveryStore({ file: env.FIGBOARD_DELIVERY_STORE || undefined }),
    loadBundle: (context, runId) =>
      downloadBundle(
        context.octokit,
        context.repo(),
        runId,
        config.scorecardArtifact,
        config.maxArtifactBytes,
      ),
  });
}

/** GitHub never sends a webhook payload larger than 25 MB. */
const DEFAULT_MAX_WEBHOOK_BYTES = 25 * 1024 * 1024;

type Middleware = Awaited<ReturnType<typeof createNodeMiddleware>>;

/**
 * Refuses an oversized webhook before anything reads it: a declared Content-Length above the
 * cap is answered 413 and the connection closed; a body without a declared length is answered
 * 411 (GitHub always declares it); and a body that sends more than it declared is cut off. So a
 * forged 60 MB delivery costs nothing, signature or not.
 */
function capWebhookBody(inner: Middleware, maxBytes: number): Middleware {
  return ((req: http.IncomingMessage, res: http.ServerResponse, next?: () => void) => {
    if (req.method !== 'POST') return inner(req, res, next);
    const refuse = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'text/plain', connection: 'close' });
      res.end(`${message}\n`, () => req.socket.destroy());
      return Promise.resolve(true);
    };
    const declared = Number(req.headers['content-length']);
    if (req.headers['content-length'] === undefined || !Number.isFinite(declared))
      return refuse(411, 'webhook deliveries must declare Content-Length');
    if (declared > maxBytes) return refuse(413, `webhook body over ${maxBytes} bytes`);
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > declared || seen > maxBytes) req.destroy();
    });
    return inner(req, res, next);
  }) as Middleware;
}

/**
 * Builds the webhook middleware of the server deployment: Probot verifies each delivery's
 * `x-hub-signature-256` against WEBHOOK_SECRET before any handler runs. Refuses to build without
 * a webhook secret — an unsigned endpoint would let anyone forge events.
 */
export async function createBotMiddleware(
  env: Env,
): Promise<{ probot: Probot; middleware: Middleware }> {
  requireWebhookSecret(env);
  if (!env.APP_ID || (!env.PRIVATE_KEY && !env.PRIVATE_KEY_PATH)) {
    throw new BotConfigError(
      'APP_ID and PRIVATE_KEY (or PRIVATE_KEY_PATH) are required: the bot authenticates as a GitHub App',
    );
  }
  const app = appFromEnv(env);
  const probot = createProbot({ env });
  const middleware = capWebhookBody(
    await createNodeMiddleware(app, {
      probot,
      webhooksPath: env.WEBHOOK_PATH || '/api/github/webhooks',
    }),
    Number(env.FIGBOARD_MAX_WEBHOOK_BYTES) || DEFAULT_MAX_WEBHOOK_BYTES,
  );
  return { probot, middleware };
}

/** Starts the HTTP server (PORT, default 3000). */
export async function startServer(env: Env): Promise<http.Server> {
  const { middleware } = await createBotMiddleware(env);
  const server = http.createServer((req, res) => {
    Promise.resolve(
      middleware(req, res, () => {
        res.writeHead(404).end();
      }),
    ).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  const port = Number(env.PORT ?? 3000);
  await new Promise<void>((resolve) => server.listen(port, env.HOST, resolve));
  return server;
}
