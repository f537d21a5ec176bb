/**
 * Runs `fn` over `items` with at most `concurrency` calls in flight, preserving nothing about
 * completion order (callers that need an order sort afterwards). An error thrown by `fn` stops
 * new work and is rethrown once the calls in flight have settled.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const i = next++;
      try {
        await fn(items[i]!, i);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker),
  );
  if (failure !== null) throw (failure as { err: unknown }).err;
}
