import type { ApplicationFunction } from 'probot';
import { BotConfigError } from './adapters/server.ts';
import { configFromEnv } from './config.ts';
import { createDeliveryStore } from './delivery-store.ts';
import { downloadBundle } from './github/download-bundle.ts';
import { figboardApp } from './index.ts';

/**
 * Entry for `probot run ./src/probot-app.ts` (`npm run start:probot -w bot`): the same app
 * function with deps built from the environment. Like the server adapter it refuses to load
 * without WEBHOOK_SECRET, because `probot run` would otherwise fall back to an insecure default.
 */
const app: ApplicationFunction = async (probot, options) => {
  const env = process.env;
  if (!env.WEBHOOK_SECRET)
    throw new BotConfigError(
      'WEBHOOK_SECRET is not set: refusing to start without webhook signature verification',
    );
  const config = configFromEnv(env);
  await figboardApp({
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
  })(probot, options);
};
export default app;
