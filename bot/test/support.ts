import { generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import nock from 'nock';
import { Probot, ProbotOctokit } from 'probot';
import { BotConfig } from '../src/config.ts';
import type { BotDeps, BundleDir } from '../src/deps.ts';
import { createDeliveryStore } from '../src/delivery-store.ts';
import { figboardApp } from '../src/index.ts';

const require = createRequire(import.meta.url);

interface WebhookDefinition {
  name: string;
  examples: Record<string, unknown>[];
}
const EXAMPLES = require('@octokit/webhooks-examples') as WebhookDefinition[];

/**
 * A real example payload from `@octokit/webhooks-examples` (GitHub's documented payloads),
 * deep-copied, with `overrides` merged in. Tests only override what the scenario needs (the
 * installation id, a comment body, the workflow name) and say so.
 */
export function examplePayload<T = Record<string, unknown>>(
  name: string,
  action: string,
  overrides: (p: Record<string, any>) => void = () => {},
): T {
  const def = EXAMPLES.find((d) => d.name === name);
  const example =
    def?.examples.find((e) => e.action === action && e.installation) ??
    def?.examples.find((e) => e.action === action);
  if (!example) throw new Error(`no ${name}.${action} example in @octokit/webhooks-examples`);
  const copy = structuredClone(example) as Record<string, any>;
  copy.installation ??= { id: 1, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==' };
  overrides(copy);
  return copy as T;
}

let cachedKey: string | undefined;
/** A throwaway RSA key so Probot can sign its app JWT (the token exchange itself is faked). */
export function testPrivateKey(): string {
  cachedKey ??= generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ type: 'pkcs1', format: 'pem' })
    .toString();
  return cachedKey;
}

export const WEBHOOK_SECRET = 'figboard-test-webhook-secret';

/** A Probot instance with the FigBoard app loaded, retries/throttling off, logs silent. */
export async function createTestProbot(
  overrides: Partial<BotDeps> = {},
): Promise<{ probot: Probot; deps: BotDeps }> {
  const deps: BotDeps = {
    config: BotConfig.parse({}),
    deliveries: createDeliveryStore(),
    loadBundle: async (): Promise<BundleDir | null> => null,
    ...overrides,
  };
  const probot = new Probot({
    appId: 1,
    privateKey: testPrivateKey(),
    secret: WEBHOOK_SECRET,
    logLevel: 'fatal',
    // The function form: Probot wraps this class with its own throttle options, which would
    // replace a plain `{ throttle: { enabled: false } }` and space every write request a second apart.
    Octokit: ProbotOctokit.defaults((options: Record<string, any>) => ({
      ...options,
      retry: { enabled: false },
      throttle: { ...options.throttle, enabled: false },
    })),
  });
  await probot.load(figboardApp(deps));
  return { probot, deps };
}

/** Network off except loopback (the signature tests talk to a local server). */
export function disableNetwork(): void {
  nock.disableNetConnect();
  nock.enableNetConnect((host) => /^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host));
}
