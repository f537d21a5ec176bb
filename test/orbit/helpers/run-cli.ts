import { Writable } from 'node:stream';
import { main } from '../../support/run-refig.ts';
import { silentProgress } from '@figboard/evaluator/util';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, cb: () => void) {
    this.text += chunk.toString();
    cb();
  }
}

/** Runs the refig CLI in-process with captured streams (no `process.*` involved). */
export async function runCli(
  args: string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await main(['node', 'refig', ...args], {
    stdout,
    stderr,
    cwd,
    env,
    progress: () => silentProgress,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
