import { spawn } from 'node:child_process';

/** How a child process run ended. */
export interface ProcessOutcome {
  /** Exit code, null when killed by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the watchdog killed the whole process group. */
  timedOut: boolean;
  /** Which limit fired: the hard `timeoutMs` deadline or the `idleMs` inactivity limit. */
  timedOutBy: 'deadline' | 'idle' | null;
  /** Last bytes of stdout / stderr (bounded, so a chatty child cannot fill memory). */
  stdoutTail: string;
  stderrTail: string;
  /** Set when the process could not be started at all (e.g. ENOENT). */
  spawnError: string | null;
}

export interface RunProcessOptions {
  /** The complete environment of the child: nothing from the parent is added. */
  env: Record<string, string>;
  cwd?: string;
  /** Hard wall-clock limit for the whole run. */
  timeoutMs: number;
  /**
   * Optional inactivity limit: the run is also killed when no progress line arrived for this
   * long. `idleMs(progressSoFar)` lets the caller give the first step (start-up) a longer budget.
   */
  idleMs?: (progressSoFar: number) => number;
  /** Which output lines count as progress for `idleMs` (default: every line). */
  isProgress?: (line: string, stream: 'stdout' | 'stderr') => boolean;
  /** Called with every complete output line (stdout and stderr). */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Called once with the pid (= process group id) right after spawning. */
  onSpawn?: (pid: number) => void;
  /** Bytes of each stream kept for `stdoutTail` / `stderrTail`. */
  tailBytes?: number;
}

/** Process groups started here that are still alive; killed if the parent exits first. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone, which is what we want.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A detached child outlives its parent; without this an interrupted run would leave soffice.bin behind.
  process.on('exit', () => {
    for (const pid of liveGroups) killGroup(pid);
  });
}

/**
 * Runs `command args` as the leader of a new process group (spawned detached) with exactly the
 * given environment. On timeout the WHOLE group is SIGKILLed (`kill(-pid)`): soffice forks
 * `oosplash` → `soffice.bin`, and killing only the direct child would leave them running. The
 * group is also killed after a normal exit, so no straggler survives the call. Never rejects.
 */
export function runProcessGroup(
  command: string,
  args: readonly string[],
  options: RunProcessOptions,
): Promise<ProcessOutcome> {
  const tailBytes = options.tailBytes ?? 16_384;
  installExitHook();
  return new Promise((resolve) => {
    let stdoutTail = '';
    let stderrTail = '';
    let timedOutBy: ProcessOutcome['timedOutBy'] = null;
    let progressLines = 0;
    let settled = false;
    const partial = { stdout: '', stderr: '' };

    const child = spawn(command, [...args], {
      env: options.env,
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pid = child.pid;

    let idleTimer: NodeJS.Timeout | undefined;
    const fire = (by: 'deadline' | 'idle') => () => {
      timedOutBy ??= by;
      if (pid !== undefined) killGroup(pid);
    };
    const hardTimer = setTimeout(fire('deadline'), options.timeoutMs);
    const armIdle = () => {
      if (!options.idleMs) return;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(fire('idle'), options.idleMs(progressLines));
    };

    if (pid !== undefined) {
      liveGroups.add(pid);
      options.onSpawn?.(pid);
      armIdle();
    }

    const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (stream === 'stdout') stdoutTail = (stdoutTail + text).slice(-tailBytes);
      else stderrTail = (stderrTail + text).slice(-tailBytes);
      const parts = (partial[stream] + text).split('\n');
      partial[stream] = (parts.pop() ?? '').slice(-tailBytes);
      let progressed = false;
      for (const line of parts) {
        options.onLine?.(line, stream);
        if (options.isProgress ? options.isProgress(line, stream) : true) {
          progressLines += 1;
          progressed = true;
        }
      }
      if (progressed) armIdle();
    };
    child.stdout?.on('data', onData('stdout'));
    child.stderr?.on('data', onData('stderr'));

    const finish = (
      code: number | null,
      signal: NodeJS.Signals | null,
      spawnError: string | null,
    ) => {
      if (settled) return;
      settled = true;
      clearTimeout(hardTimer);
      if (idleTimer) clearTimeout(idleTimer);
      if (pid !== undefined) {
        // Reap anything the leader left behind in its group (e.g. soffice.bin after oosplash exited).
        killGroup(pid);
        liveGroups.delete(pid);
      }
      resolve({
        code,
        signal,
        timedOut: timedOutBy !== null,
        timedOutBy,
        stdoutTail,
        stderrTail,
        spawnError,
      });
    };
    child.on('error', (err) => finish(null, null, err.message));
    child.on('close', (code, signal) => finish(code, signal, null));
  });
}
