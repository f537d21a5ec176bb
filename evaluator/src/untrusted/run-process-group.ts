import { spawn, type StdioPipe } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';

/** How a child process run ended. */
export interface ProcessOutcome {
  /** Exit code, null when killed by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the watchdog killed the whole process group. */
  timedOut: boolean;
  /** Which limit fired: the hard `timeoutMs` deadline or the `idleMs` inactivity limit. */
  timedOutBy: 'deadline' | 'idle' | null;
  /** True when the caller's `abortSignal` fired and the group was killed for it. */
  aborted: boolean;
  /** Last bytes of stdout / stderr (bounded, so a chatty child cannot fill memory). */
  stdoutTail: string;
  stderrTail: string;
  /** The whole of stdout when `captureStdout` was given (empty otherwise). */
  stdout: Buffer;
  /** What the child wrote into each `extraFds` entry that is a `collect` pipe, by fd number. */
  collected: Record<number, Buffer>;
  /**
   * The stream that went over its `captureStdout` / `collect` cap: the group was killed for it.
   * `'stdout'` or the fd number.
   */
  overflow: 'stdout' | number | null;
  /** Bytes written to `stdoutFile` / `stderrFile`, and whether the child wrote more than the cap. */
  stdoutFileBytes: number;
  stdoutFileTruncated: boolean;
  stderrFileBytes: number;
  stderrFileTruncated: boolean;
  /** Set when the process could not be started at all (e.g. ENOENT). */
  spawnError: string | null;
  /** The errno code of `spawnError` (e.g. `ENOENT`), when there is one. */
  spawnErrorCode: string | null;
  /** Wall time from spawn to the end of the run. */
  durationMs: number;
}

/** A capped file a stream of the child is written to (the rest is dropped, not buffered). */
export interface OutputFile {
  path: string;
  maxBytes: number;
}

/**
 * A pipe on fd 3, 4, … of the child: `collect` gathers what the child writes (over `maxBytes`
 * the group is killed and the outcome names the fd); `feed` is written to the child, then closed.
 */
export type ExtraFd = { collect: number } | { feed: Uint8Array };

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
  /** Bytes written to the child's stdin, which is then closed (default: no stdin). */
  stdin?: Uint8Array;
  /** Keep the whole of stdout up to this many bytes; more kills the group (`overflow`). */
  captureStdout?: number;
  /** Write stdout / stderr to these files, cut at `maxBytes` (the run goes on). */
  stdoutFile?: OutputFile;
  stderrFile?: OutputFile;
  /** Pipes on fds 3, 4, … in order. */
  extraFds?: readonly ExtraFd[];
  /** Kills the group when it fires (the outcome says `aborted`). */
  abortSignal?: AbortSignal;
  /**
   * After the leader exited, how long to wait for its pipes to close before the run ends anyway
   * (a straggler holding a pipe is then killed with the group). Default: wait (bounded by
   * `timeoutMs`), as soffice's launcher exits while its `soffice.bin` still writes.
   */
  closeGraceMs?: number;
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
  // A detached child outlives its parent; without this an interrupted run would leave soffice.bin
  // (or an agent's background jobs) behind.
  process.on('exit', () => {
    for (const pid of liveGroups) killGroup(pid);
  });
}

/** Keeps only the last `max` bytes of a stream (decoded once at the end, so no character is split
 * at a chunk boundary). */
function tailCollector(max: number) {
  let chunks: Buffer[] = [];
  let size = 0;
  return {
    push(chunk: Buffer) {
      chunks.push(chunk);
      size += chunk.length;
      while (size - chunks[0]!.length >= max) {
        size -= chunks[0]!.length;
        chunks.shift();
      }
    },
    text(): string {
      const all = Buffer.concat(chunks);
      chunks = [all];
      return all.subarray(Math.max(0, all.length - max)).toString('utf8');
    },
  };
}

/** Writes at most `maxBytes` of a stream to a file; counts what was cut. */
function cappedFile(spec: OutputFile | undefined) {
  const stream: WriteStream | null = spec ? createWriteStream(spec.path) : null;
  let bytes = 0;
  let truncated = false;
  return {
    push(chunk: Buffer) {
      if (!stream || !spec) return;
      if (bytes >= spec.maxBytes) {
        truncated ||= chunk.length > 0;
        return;
      }
      const part = chunk.subarray(0, spec.maxBytes - bytes);
      stream.write(part);
      bytes += part.length;
      truncated ||= part.length < chunk.length;
    },
    close(): Promise<void> {
      return new Promise((resolve) => (stream ? stream.end(resolve) : resolve()));
    },
    get bytes() {
      return bytes;
    },
    get truncated() {
      return truncated;
    },
  };
}

/**
 * The one runner for processes that touch submitted or otherwise untrusted input (issue 25
 * item 4). Runs `command args` with no shell as the leader of a new process group (spawned
 * detached) with exactly the given environment. On timeout, abort or an output cap the WHOLE
 * group is SIGKILLed (`kill(-pid)`): soffice forks `oosplash` → `soffice.bin`, an agent starts
 * background jobs, and killing only the direct child would leave them running. The group is also
 * killed after a normal exit, so no straggler survives the call. Every stream is bounded: tails
 * of stdout/stderr, capped capture, capped files. Never rejects: a command that cannot start is
 * an outcome (`spawnError`).
 */
export function runProcessGroup(
  command: string,
  args: readonly string[],
  options: RunProcessOptions,
): Promise<ProcessOutcome> {
  const tailBytes = options.tailBytes ?? 16_384;
  const extraFds = options.extraFds ?? [];
  installExitHook();
  const started = Date.now();
  return new Promise((resolve) => {
    const stdoutTail = tailCollector(tailBytes);
    const stderrTail = tailCollector(tailBytes);
    let timedOutBy: ProcessOutcome['timedOutBy'] = null;
    let aborted = false;
    let overflow: ProcessOutcome['overflow'] = null;
    let progressLines = 0;
    let settled = false;
    const partial = { stdout: '', stderr: '' };
    const captured: Buffer[] = [];
    let capturedBytes = 0;
    const collected: Record<number, Buffer[]> = {};
    const collectedBytes: Record<number, number> = {};
    const outFile = cappedFile(options.stdoutFile);
    const errFile = cappedFile(options.stderrFile);

    const child = spawn(command, [...args], {
      env: options.env,
      cwd: options.cwd,
      detached: true,
      stdio: [
        options.stdin ? 'pipe' : 'ignore',
        'pipe',
        'pipe',
        ...extraFds.map((): StdioPipe => 'pipe'),
      ],
    });
    const pid = child.pid;
    const kill = () => {
      if (pid !== undefined) killGroup(pid);
    };

    let idleTimer: NodeJS.Timeout | undefined;
    let closeTimer: NodeJS.Timeout | undefined;
    const fire = (by: 'deadline' | 'idle') => () => {
      timedOutBy ??= by;
      kill();
    };
    const hardTimer = setTimeout(fire('deadline'), options.timeoutMs);
    const armIdle = () => {
      if (!options.idleMs) return;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(fire('idle'), options.idleMs(progressLines));
    };
    const onAbort = () => {
      aborted = true;
      kill();
    };

    if (pid !== undefined) {
      liveGroups.add(pid);
      options.onSpawn?.(pid);
      armIdle();
      if (options.abortSignal?.aborted) onAbort();
      else options.abortSignal?.addEventListener('abort', onAbort, { once: true });
    }

    const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (stream === 'stdout') {
        outFile.push(chunk);
        if (options.captureStdout !== undefined && overflow === null) {
          if (capturedBytes + chunk.length > options.captureStdout) {
            overflow = 'stdout';
            kill();
          } else {
            captured.push(chunk);
            capturedBytes += chunk.length;
          }
        }
      } else errFile.push(chunk);
      (stream === 'stdout' ? stdoutTail : stderrTail).push(chunk);
      const text = chunk.toString('utf8');
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
    if (options.stdin) {
      // The child may exit before reading all its input; that is reported through 'close'.
      child.stdin?.on('error', () => {});
      child.stdin?.end(Buffer.from(options.stdin));
    }
    extraFds.forEach((spec, i) => {
      const fd = i + 3;
      const stream = child.stdio[fd];
      if (!stream) return;
      stream.on('error', () => {});
      if ('feed' in spec) {
        (stream as NodeJS.WritableStream).end(Buffer.from(spec.feed));
        return;
      }
      collected[fd] = [];
      collectedBytes[fd] = 0;
      (stream as NodeJS.ReadableStream).on('data', (c: Buffer) => {
        if (overflow !== null) return;
        if (collectedBytes[fd]! + c.length > spec.collect) {
          overflow = fd;
          kill();
          return;
        }
        collected[fd]!.push(c);
        collectedBytes[fd]! += c.length;
      });
    });
    for (const stream of [child.stdout, child.stderr]) stream?.on('error', () => {});

    const finish = (
      code: number | null,
      signal: NodeJS.Signals | null,
      spawnError: NodeJS.ErrnoException | null,
    ) => {
      if (settled) return;
      settled = true;
      clearTimeout(hardTimer);
      if (idleTimer) clearTimeout(idleTimer);
      if (closeTimer) clearTimeout(closeTimer);
      options.abortSignal?.removeEventListener('abort', onAbort);
      if (pid !== undefined) {
        // Reap anything the leader left behind in its group (e.g. soffice.bin after oosplash exited).
        killGroup(pid);
        liveGroups.delete(pid);
      }
      void Promise.all([outFile.close(), errFile.close()]).then(() =>
        resolve({
          code,
          signal,
          timedOut: timedOutBy !== null,
          timedOutBy,
          aborted,
          stdoutTail: stdoutTail.text(),
          stderrTail: stderrTail.text(),
          stdout: Buffer.concat(captured),
          collected: Object.fromEntries(
            Object.entries(collected).map(([fd, chunks]) => [Number(fd), Buffer.concat(chunks)]),
          ),
          overflow,
          stdoutFileBytes: outFile.bytes,
          stdoutFileTruncated: outFile.truncated,
          stderrFileBytes: errFile.bytes,
          stderrFileTruncated: errFile.truncated,
          spawnError: spawnError?.message ?? null,
          spawnErrorCode: spawnError?.code ?? null,
          durationMs: Date.now() - started,
        }),
      );
    };
    child.on('error', (err) => finish(null, null, err));
    child.on('exit', (code, signal) => {
      if (options.closeGraceMs !== undefined)
        closeTimer = setTimeout(() => finish(code, signal, null), options.closeGraceMs);
    });
    child.on('close', (code, signal) => finish(code, signal, null));
  });
}
