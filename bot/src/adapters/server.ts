import http from 'node:http';
import { createNodeMiddleware, createProbot, type Probot } from 'probot';
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
 * Builds the webhook middleware of the server deployment: Probot verifies each delivery's
 * `x-hub-signature-256` against WEBHOOK_SECRET before any handler runs. Refuses to build without
 * a webhook secret — an unsigned endpoint would let anyone forge events.
 */
export async function createBotMiddleware(
  env: Env,
): Promise<{ probot: Probot; middleware: Awaited<ReturnType<typeof createNodeMiddleware>> }> {
  if (!env.WEBHOOK_SECRET || env.WEBHOOK_SECRET.trim() === '') {
    throw new BotConfigError(
      'WEBHOOK_SECRET is not set: refusing to start a webhook server that cannot verify signatures (set it to the secret configured in the GitHub App)',
    );
  }
  if (!env.APP_ID || (!env.PRIVATE_KEY && !env.PRIVATE_KEY_PATH)) {
    throw new BotConfigError(
      'APP_ID and PRIVATE_KEY (or PRIVATE_KEY_PATH) are required: the bot authenticates as a GitHub App',
    );
  }
  const config = configFromEnv(env);
  const deliveries = createDeliveryStore({ file: env.FIGBOARD_DELIVERY_STORE || undefined });
  const probot = createProbot({ env });
  const app = figboardApp({
    config,
    deliveries,
    loadBundle: (context, runId) =>
      downloadBundle(
        context.octokit,
        context.repo(),
        runId,
        config.scorecardArtifact,
        config.maxArtifactBytes,
      ),
  });
  const middleware = await createNodeMiddleware(app, {
    probot,
    webhooksPath: env.WEBHOOK_PATH || '/api/github/webhooks',
  });
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
