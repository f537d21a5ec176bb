import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '@figboard/evaluator/errors';
import { SealedBundle, sealedTasks } from '@figboard/evaluator/suite';

/** A sealed bundle larger than this is reported and its tasks are not marked hidden. */
const MAX_SEALED_BYTES = 64 * 1024 * 1024;

/**
 * The tasks of a suite's hidden split: those `suites/<suite>/sealed.json` holds scoring material
 * for (read without the key: only the task names are needed). An absent bundle means no hidden
 * split; an unreadable one is reported with its file and rule.
 */
export async function readHiddenTasks(
  dataDir: string,
  suite: string,
  problems: Problem[],
): Promise<Set<string>> {
  const file = join(dataDir, 'suites', suite, 'sealed.json');
  const st = await stat(file).catch(() => null);
  if (!st?.isFile()) return new Set();
  const fail = (message: string) => {
    problems.push({ severity: 'warning', rule: 'sealed-bundle-unreadable', file, message });
    return new Set<string>();
  };
  if (st.size > MAX_SEALED_BYTES)
    return fail(
      `sealed.json is ${st.size} bytes (limit ${MAX_SEALED_BYTES}); hidden tasks not marked`,
    );
  try {
    const parsed = SealedBundle.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!parsed.success) return fail('not a sealed bundle; hidden tasks not marked');
    return new Set(sealedTasks(parsed.data));
  } catch (err) {
    return fail(`not valid JSON: ${(err as Error).message}; hidden tasks not marked`);
  }
}
