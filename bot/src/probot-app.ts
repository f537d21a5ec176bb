import type { ApplicationFunction } from 'probot';
import { appFromEnv } from './adapters/server.ts';

/**
 * Entry for `probot run ./src/probot-app.ts` (`npm run start:probot -w bot`): the same app
 * function, with the same deps built from the environment, as the server adapter. Like the server
 * it refuses to load without WEBHOOK_SECRET, because `probot run` would otherwise fall back to an
 * insecure default.
 */
const app: ApplicationFunction = (probot, options) => appFromEnv(process.env)(probot, options);
export default app;
