import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, pgrep, watchProcesses } from './watch-processes.ts';

// The process watch of the renderer tests must count only the test's own descendants: a process
// elsewhere on the machine with a matching command line (another test file's LibreOffice) is
// not the test's. Here the stranger is an orphan this test makes on purpose: a background
// subshell whose parent exits at once, so it is re-parented away from this process.
const needle = mkdtempSync(join(tmpdir(), 'figboard-watch-test-'));
const strangers: number[] = [];
afterAll(() => {
  for (const pid of strangers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(needle, { recursive: true, force: true });
});

/** Resolves when `child` exits. */
function exited(child: ReturnType<typeof spawn>): Promise<void> {
  return new Promise((r) => child.once('exit', () => r()));
}

describe('watchProcesses (test-support/watch-processes.ts)', () => {
  it('records a matching child of this process and ignores a matching process that is not its descendant', async () => {
    // The orphan: `( sleep …; : needle ) &` keeps the needle in its command line (a forked
    // subshell shares its parent's) and loses its parent when the outer shell exits.
    const outer = spawn('bash', ['-c', `( sleep 4; : ${needle}/stranger ) & echo $!`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    outer.stdout.on('data', (d) => {
      out += String(d);
    });
    await exited(outer);
    const orphan = Number(out.trim());
    strangers.push(orphan);
    expect(isRunning(orphan)).toBe(true);
    expect(await pgrep(`${needle}/stranger`)).toContain(orphan);

    const watch = watchProcesses(needle, 20);
    const own = spawn('bash', ['-c', `sleep 1; : ${needle}/own`], { stdio: 'ignore' });
    await exited(own);
    const seen = await watch.stop();
    expect(seen.map((p) => p.pid)).toContain(own.pid);
    expect(seen.map((p) => p.pid)).not.toContain(orphan);
  });
});
