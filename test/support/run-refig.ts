import { PassThrough } from 'node:stream';
import { main } from '../../evaluator/src/cli/main.ts';

// The one door of tests under test/ to the CLI in-process (the CLI is no barrel: it is the adapter).
export { main };
import { silentProgress } from '@figboard/evaluator/util';

/**
 * Runs the refig CLI in-process, the way `npx refig …` would from `cwd`, with an empty
 * environment by default (so no LLM judge key is ever picked up) and no progress bar; returns the exit code
 * and everything written to stdout and stderr.
 */
export async function runRefig(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await main(['node', 'refig', ...args], {
    stdout,
    stderr,
    cwd,
    env,
    progress: () => silentProgress,
  });
  return { code, out, err };
}
