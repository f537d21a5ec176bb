import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Remembers which webhook deliveries were already handled, so a redelivery (GitHub retries, or a
 * maintainer pressing "Redeliver") with the same `x-github-delivery` id has no second effect.
 * `claim` is atomic within the process: the first caller for a key gets true, later ones false;
 * `release` forgets a key whose handling failed, so the redelivery can retry it.
 */
export interface DeliveryStore {
  claim(key: string): boolean;
  release(key: string): void;
}

/**
 * In-memory store bounded to `capacity` keys (oldest forgotten first), optionally persisted to a
 * file of one key per line so a restarted server still recognises recent deliveries. The file is
 * rewritten with only the kept keys when it grows past twice the capacity.
 */
export function createDeliveryStore(
  options: { capacity?: number; file?: string } = {},
): DeliveryStore {
  const capacity = options.capacity ?? 10_000;
  const keys = new Set<string>();
  let lines = 0;
  if (options.file && existsSync(options.file)) {
    for (const line of readFileSync(options.file, 'utf8').split('\n')) {
      if (line) {
        keys.delete(line); // a key claimed again later is recent: move it to the end
        keys.add(line);
        lines++;
      }
    }
    trim();
  }
  function trim() {
    while (keys.size > capacity) keys.delete(keys.values().next().value as string);
  }
  function persist(key: string) {
    if (!options.file) return;
    if (lines + 1 > capacity * 2) {
      writeFileSync(options.file, `${[...keys].join('\n')}\n`);
      lines = keys.size;
    } else {
      appendFileSync(options.file, `${key}\n`);
      lines++;
    }
  }
  return {
    claim(key) {
      if (keys.has(key)) return false;
      keys.add(key);
      trim();
      persist(key);
      return true;
    },
    release(key) {
      keys.delete(key);
      if (options.file) {
        writeFileSync(options.file, [...keys].join('\n') + (keys.size ? '\n' : ''));
        lines = keys.size;
      }
    },
  };
}
