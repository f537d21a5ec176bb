import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants as osConstants } from 'node:os';
import { UsageError } from '../errors/index.ts';
import type { Sandbox, SandboxRequest, SandboxResult } from './sandbox.ts';
// Direct file imports (not the barrel): scorer sources cover exactly what this module runs.
import { type BwrapProfileOptions, buildBwrapProfile } from '../untrusted/bwrap-profile.ts';
import { runProcessGroup } from '../untrusted/run-process-group.ts';
import { SandboxUnavailableError } from './sandbox-unavailable-error.ts';
import { buildSeccompFilter } from './seccomp-filter.ts';

/** Options of the bubblewrap adapter. Every path is explicit: the adapter never reads the environment. */
export interface BubblewrapOptions {
  bwrap?: string;
  prlimit?: string;
  setpriv?: string;
  /**
   * Host uid/gid the sandbox runs as when FigBoard itself runs as root. The kernel does not
   * enforce RLIMIT_NPROC for root (even inside a user namespace, where root's processes still
   * belong to kernel uid 0), so a root caller first drops to this unprivileged uid with
   * `setpriv`; then the process limit holds and a fork bomb stops at `limits.processes`.
   */
  unprivilegedId?: number;
  /** Whether the caller is root; default: `process.getuid() === 0`. */
  runningAsRoot?: boolean;
  /** Where per-run input folders are created; default the OS temp folder. */
  tempDir?: string;
  /** Host paths bound read-only (if they exist) besides /usr and the /lib, /bin links. */
  systemFiles?: string[];
  /** The seccomp program (see `buildSeccompFilter`); default the one for this architecture. */
  seccomp?: Buffer | null;
}

/** The program gets exactly fds 0–3: the profile closes anything else before exec, with this bash. */
const BASH = '/usr/bin/bash';

const TAIL_BYTES = 8192;

/** /etc entries the Python runtime needs (shared-library lookup, alternatives links, fontconfig). */
const DEFAULT_SYSTEM_FILES = ['/etc/ld.so.cache', '/etc/alternatives', '/etc/fonts'];
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Creates the bubblewrap Sandbox adapter: every run gets new user, pid, network, IPC, UTS and
 * cgroup namespaces (`--unshare-all`: no network at all, only a private loopback), a cleared
 * environment, a read-only root built from /usr and a few /etc files, in-memory size-capped
 * `/work` and `/tmp`, rlimits applied by `prlimit` inside (address space, processes, file size,
 * CPU, open files, no core dumps), and a wall-clock timer that kills the whole process tree
 * (the pid namespace dies with bwrap: `--die-with-parent`). A seccomp filter denies the kernel
 * interfaces a figure script never needs (io_uring, keyctl, ptrace, bpf, mount, …; see
 * `seccomp-filter.ts`), and every file descriptor but 0–3 is closed before the program starts.
 */
export function createBubblewrapSandbox(options: BubblewrapOptions = {}): Sandbox {
  const bwrap = options.bwrap ?? '/usr/bin/bwrap';
  const prlimit = options.prlimit ?? '/usr/bin/prlimit';
  const setpriv = options.setpriv ?? '/usr/bin/setpriv';
  const id = options.unprivilegedId ?? 65534;
  const asRoot =
    options.runningAsRoot ?? (typeof process.getuid === 'function' && process.getuid() === 0);
  const tempRoot = options.tempDir ?? tmpdir();
  const systemFiles = options.systemFiles ?? DEFAULT_SYSTEM_FILES;
  const seccomp =
    options.seccomp === undefined ? buildSeccompFilter(process.arch) : options.seccomp;

  return {
    name: 'bubblewrap',
    async run(request: SandboxRequest): Promise<SandboxResult> {
      for (const tool of asRoot ? [bwrap, prlimit, setpriv] : [bwrap, prlimit]) {
        if (!existsSync(tool)) {
          throw new SandboxUnavailableError(`${tool} is not installed`, {
            where: tool,
            got: 'no such file',
          });
        }
      }
      const inputDir = await mkdtemp(join(tempRoot, 'figboard-sandbox-'));
      try {
        // The sandbox user (uid 65534 when we are root) must be able to read the inputs.
        await chmod(inputDir, 0o755);
        for (const input of request.inputs) {
          if (!SAFE_NAME.test(input.name) || input.name.includes('..')) {
            throw new UsageError(
              `sandbox input name ${JSON.stringify(input.name)} is not a plain file name`,
              { where: 'sandbox inputs' },
            );
          }
          const target = join(inputDir, input.name);
          if ('fromPath' in input) await copyFile(input.fromPath, target);
          else await writeFile(target, input.content);
          await chmod(target, 0o644);
        }
        const argv = buildArgv(request, inputDir, {
          bwrap,
          prlimit,
          setpriv,
          id,
          asRoot,
          systemFiles,
          seccomp: seccomp !== null,
        });
        return await spawnAndWatch(argv, request, seccomp);
      } finally {
        await rm(inputDir, { recursive: true, force: true });
      }
    },
  };
}

interface ArgvContext {
  bwrap: string;
  prlimit: string;
  setpriv: string;
  id: number;
  asRoot: boolean;
  systemFiles: string[];
  /** Load the seccomp program bwrap reads from fd 4. */
  seccomp: boolean;
}

/** The figure-script profile: every namespace, locked down, rlimits, seccomp, fds 0–3 only. */
export function figureScriptProfile(
  request: SandboxRequest,
  inputDir: string,
  ctx: Pick<ArgvContext, 'id' | 'prlimit' | 'systemFiles' | 'seccomp'>,
): BwrapProfileOptions {
  const { limits } = request;
  return {
    namespaces: { kind: 'all', uid: ctx.id, gid: ctx.id },
    lockdown: { hostname: 'sandbox' },
    system: { paths: ['/usr'], missing: 'require' },
    systemIfPresent: ctx.systemFiles,
    tmpfs: [
      { path: '/dev/shm', sizeBytes: 1024 * 1024 },
      { path: '/work', sizeBytes: limits.workFolderBytes },
      { path: '/tmp', sizeBytes: limits.tmpBytes },
    ],
    readOnly: [
      { host: inputDir, at: '/input' },
      ...request.mounts.map((m) => ({ host: m.host, at: m.sandbox })),
    ],
    // Everything outside /work, /tmp and /dev/shm is read-only, including bwrap's own root tmpfs.
    remountReadOnly: true,
    cwd: request.cwd ?? '/work',
    env: request.env,
    ...(ctx.seccomp ? { seccompFd: 4 } : {}),
    limits: { prlimit: ctx.prlimit, ...limits },
    closeFds: { bash: BASH, keepFds: 3 },
  };
}

function buildArgv(request: SandboxRequest, inputDir: string, ctx: ArgvContext): string[] {
  const argv: string[] = [];
  if (ctx.asRoot) {
    argv.push(
      ctx.setpriv,
      `--reuid=${ctx.id}`,
      `--regid=${ctx.id}`,
      '--clear-groups',
      '--inh-caps=-all',
    );
  }
  argv.push(
    ctx.bwrap,
    ...buildBwrapProfile(figureScriptProfile(request, inputDir, ctx), request.command),
  );
  return argv;
}

/**
 * Runs the sandbox argv through the shared process-group runner. Only PATH reaches setpriv/bwrap;
 * bwrap clears even that for the program (--clearenv). fd 3 is the program's output channel
 * (over `outputBytes` the tree is killed); fd 4 carries the seccomp program to bwrap, which reads
 * and closes it. Pipes normally close right after exit; a stray holder is not waited for.
 */
async function spawnAndWatch(
  argv: string[],
  request: SandboxRequest,
  seccomp: Buffer | null,
): Promise<SandboxResult> {
  const { limits } = request;
  const o = await runProcessGroup(argv[0]!, argv.slice(1), {
    env: { PATH: '/usr/bin:/bin' },
    timeoutMs: limits.timeoutMs,
    tailBytes: TAIL_BYTES,
    extraFds: seccomp
      ? [{ collect: limits.outputBytes }, { feed: seccomp }]
      : [{ collect: limits.outputBytes }],
    closeGraceMs: 2000,
  });
  if (o.spawnError !== null)
    throw new SandboxUnavailableError(`could not start ${argv[0]}: ${o.spawnError}`, {
      where: argv[0],
    });
  let signal: string | null = o.signal;
  if (o.code !== null && signal === null && o.code > 128 && o.code < 128 + 65) {
    // bwrap reports a program killed by a signal as 128 + signal number.
    const name = Object.entries(osConstants.signals).find(([, n]) => n === o.code! - 128)?.[0];
    if (name) signal = name;
  }
  return {
    exitCode: o.code,
    signal,
    timedOut: o.timedOut,
    outputOverflow: o.overflow === 3,
    output: o.collected[3] ?? Buffer.alloc(0),
    stdoutTail: o.stdoutTail,
    stderrTail: o.stderrTail,
    wallMs: o.durationMs,
  };
}
