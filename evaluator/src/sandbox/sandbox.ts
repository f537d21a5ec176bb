/**
 * The Sandbox port: runs one untrusted program with no network, no secrets, a read-only system,
 * a private writable work folder and hard limits. The style track runs candidate `figure.py`
 * scripts through it; tests and other adapters implement the same interface.
 *
 * Inside every sandbox the layout is fixed:
 * - `/input`  read-only, holds exactly the request's `inputs` (regular files, flat),
 * - `/work`   private writable folder (size-capped, in memory), the program's working directory
 *             unless `cwd` says otherwise,
 * - `/tmp`    private writable scratch (size-capped),
 * - each `mounts[i].sandbox` path: a read-only view of a host folder (e.g. the Python harness).
 *
 * The program gets one extra pipe, file descriptor 3, whose bytes come back as `output`
 * (capped at `limits.outputBytes`): results travel there, never through files on the host.
 */
export interface Sandbox {
  /** Short adapter name for logs and records, e.g. `bubblewrap`. */
  readonly name: string;
  run(request: SandboxRequest): Promise<SandboxResult>;
}

/** Resource limits of one sandboxed run. Every field is enforced by the adapter. */
export interface SandboxLimits {
  /** Wall-clock limit; the whole process tree is killed when it passes. */
  timeoutMs: number;
  /** CPU seconds per process (RLIMIT_CPU); a busy loop dies by SIGXCPU at the latest here. */
  cpuSeconds: number;
  /** Address space per process (RLIMIT_AS), bytes. */
  memoryBytes: number;
  /** Processes + threads of the sandbox user (RLIMIT_NPROC, enforced for a non-root uid). */
  processes: number;
  /** Largest file a process may write (RLIMIT_FSIZE), bytes. */
  fileSizeBytes: number;
  /** Size of the writable `/work` folder (in-memory filesystem), bytes. */
  workFolderBytes: number;
  /** Size of the writable `/tmp` folder, bytes. */
  tmpBytes: number;
  /** Open file descriptors per process (RLIMIT_NOFILE). */
  openFiles: number;
  /** Bytes accepted on the result pipe (fd 3); more kills the run. */
  outputBytes: number;
}

/** Defaults sized for one matplotlib figure: Python + numpy + matplotlib peak at ~400 MB of
 * address space; figure scripts never need more than a few processes. Worst case for the host
 * is `processes × memoryBytes`. */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeoutMs: 60_000,
  cpuSeconds: 60,
  memoryBytes: 1024 * 1024 * 1024,
  processes: 8,
  fileSizeBytes: 64 * 1024 * 1024,
  workFolderBytes: 256 * 1024 * 1024,
  tmpBytes: 64 * 1024 * 1024,
  openFiles: 256,
  outputBytes: 48 * 1024 * 1024,
};

/** A file placed in `/input`: copied from a host path or written from bytes. */
export type SandboxInput =
  | { name: string; fromPath: string }
  | { name: string; content: string | Uint8Array };

export interface SandboxRequest {
  /** Files placed flat in `/input` (names are plain file names, never paths). */
  inputs: SandboxInput[];
  /** Read-only host folders made visible inside the sandbox. */
  mounts: { host: string; sandbox: string }[];
  /** argv; `command[0]` is an absolute path inside the sandbox. */
  command: string[];
  /** The program's complete environment (nothing is inherited). */
  env: Record<string, string>;
  /** Working directory inside the sandbox; default `/work`. */
  cwd?: string;
  limits: SandboxLimits;
}

export interface SandboxResult {
  exitCode: number | null;
  /** Signal that ended the program (e.g. `SIGKILL`, `SIGXCPU`, `SIGXFSZ`), or null. */
  signal: string | null;
  /** True when the wall-clock limit passed and the adapter killed the run. */
  timedOut: boolean;
  /** True when more than `limits.outputBytes` arrived on fd 3 and the adapter killed the run. */
  outputOverflow: boolean;
  /** Bytes received on fd 3 (at most `limits.outputBytes`). */
  output: Buffer;
  /** Last bytes of stdout / stderr (the rest is discarded as it arrives). */
  stdoutTail: string;
  stderrTail: string;
  /** Wall-clock milliseconds from spawn to exit. */
  wallMs: number;
}
