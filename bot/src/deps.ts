import type { Context } from 'probot';
import type { BotConfig } from './config.ts';
import type { DeliveryStore } from './delivery-store.ts';

/** An unpacked results bundle on disk and how to remove it. */
export interface BundleDir {
  dir: string;
  cleanup: () => Promise<void>;
}

/**
 * What the handlers need besides the event: settings, the delivery-id store, and where the
 * results bundle of a finished judging run comes from (the GitHub artifacts API on a server; a
 * folder the workflow already downloaded when the bot runs inside Actions).
 */
export interface BotDeps {
  config: BotConfig;
  deliveries: DeliveryStore;
  loadBundle: (
    context: Context<'workflow_run.completed'>,
    runId: number,
  ) => Promise<BundleDir | null>;
}
