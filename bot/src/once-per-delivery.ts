import type { Context } from 'probot';
import type { DeliveryStore } from './delivery-store.ts';

/**
 * Wraps a handler so it runs at most once per webhook delivery id (`context.id`, GitHub's
 * `x-github-delivery`). The key includes the handler name because one delivery may legitimately
 * reach several handlers. A handler that throws releases its claim so GitHub's retry can run it.
 */
export function oncePerDelivery<C extends Context>(
  store: DeliveryStore,
  name: string,
  handler: (context: C) => Promise<void>,
) {
  return async (context: C): Promise<void> => {
    const key = `${context.id}:${name}`;
    if (!store.claim(key)) {
      context.log.info({ delivery: context.id, handler: name }, 'duplicate delivery ignored');
      return;
    }
    try {
      await handler(context);
    } catch (err) {
      store.release(key);
      throw err;
    }
  };
}
