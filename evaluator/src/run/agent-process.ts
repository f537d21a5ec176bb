import { spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';

/** How one agent run ended. */
export interface AgentOutcome {
  /** Exit code; null when the run was killed (timeout) or could not start. */
  code: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Set when the command could not be started (e.g. not found). */
  spawnError: string | null;
  durationMs: number;
  /** Bytes of stdout written to `stdoutPath` (capped at `maxStdoutBytes`) and whether more came. */
  stdoutBytes: number;
  stdoutTruncated: boolean;
}

/** One agent command to run for one task. */
export interface AgentRun {
  argv: readonly string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Where stdout goes (the agent log: Claude Code stream-json and codex exec --json print there). */
  stdoutPath: string;
  stderrPath: string;
  maxStdoutBytes: number;
  maxStderrBytes: number;
}

/** The port the reference runner starts agents through (tests pass a fake). */
export interface AgentProcessPort {
  run(job: AgentRun): Promise<AgentOutcome>;
}

/** Process groups of agents still running: killed if refig itself exits (Ctrl-C, a crash). */
const live = new Set<number>();
let exitHook = false;
function track(pid: number): void {
  live.add(pid);
  if (exitHook) return;
  exitHook = true;
  // agents lead their own process group, so the terminal's Ctrl-C never reaches them
  process.on('exit', () => {
    for (const p of live)
      try {
        process.kill(-p, 'SIGKILL');
      } catch {
        // already gone
      }
  });
}

/**
 * The production adapter: spawns the command as the leader of its own process group (so a timeout
 * kills everything the agent started), streams stdout and stderr to files with byte caps, and never
 * rejects: a command that cannot start is an outcome, not an exception.
 */
export const spawnAgentProcess: AgentProcessPort = {
  run(job) {
    const started = Date.now();
    return new Promise((resolve) => {
      const out = createWriteStream(job.stdoutPath);
      const err = createWriteStream(job.stderrPath);
      let stdoutBytes = 0;
      let stdoutTruncated = false;
      let stderrBytes = 0;
      let timedOut = false;
      let settled = false;
      const capped = (
        stream: WriteStream,
        chunk: Buffer,
        used: number,
        max: number,
      ): { used: number; cut: boolean } => {
        if (used >= max) return { used, cut: chunk.length > 0 };
        const part = chunk.subarray(0, max - used);
        stream.write(part);
        return { used: used + part.length, cut: part.length < chunk.length };
      };
      const finish = (
        outcome: Omit<AgentOutcome, 'durationMs' | 'stdoutBytes' | 'stdoutTruncated'>,
      ) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        let open = 2;
        const done = () => {
          if (--open === 0)
            resolve({ ...outcome, durationMs: Date.now() - started, stdoutBytes, stdoutTruncated });
        };
        out.end(done);
        err.end(done);
      };
      const [command, ...args] = job.argv;
      const child = spawn(command!, args, {
        cwd: job.cwd,
        env: job.env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      if (child.pid !== undefined) track(child.pid);
      const killGroup = () => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup();
      }, job.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        const r = capped(out, chunk, stdoutBytes, job.maxStdoutBytes);
        stdoutBytes = r.used;
        stdoutTruncated ||= r.cut;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderrBytes = capped(err, chunk, stderrBytes, job.maxStderrBytes).used;
      });
      child.on('error', (e) =>
        finish({ code: null, signal: null, timedOut: false, spawnError: e.message }),
      );
      child.on('close', (code, signal) => {
        // leave nothing behind the agent may have started in the background
        killGroup();
        if (child.pid !== undefined) live.delete(child.pid);
        finish({ code, signal, timedOut, spawnError: null });
      });
    });
  },
};
