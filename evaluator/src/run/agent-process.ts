import { runProcessGroup } from '../untrusted/index.ts';

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

/**
 * The production adapter: runs the command through the shared process-group runner (so a timeout
 * kills everything the agent started, and nothing it started in the background outlives it),
 * streams stdout and stderr to files with byte caps, and never rejects: a command that cannot
 * start is an outcome, not an exception.
 */
export const spawnAgentProcess: AgentProcessPort = {
  async run(job) {
    const [command, ...args] = job.argv;
    const o = await runProcessGroup(command!, args, {
      cwd: job.cwd,
      env: job.env,
      timeoutMs: job.timeoutMs,
      stdoutFile: { path: job.stdoutPath, maxBytes: job.maxStdoutBytes },
      stderrFile: { path: job.stderrPath, maxBytes: job.maxStderrBytes },
      tailBytes: 4096,
    });
    return {
      code: o.code,
      signal: o.signal,
      timedOut: o.timedOut,
      spawnError: o.spawnError,
      durationMs: o.durationMs,
      stdoutBytes: o.stdoutFileBytes,
      stdoutTruncated: o.stdoutFileTruncated,
    };
  },
};
