// Direct file imports (not the barrel): scorer sources cover exactly what this module runs.
import { type BwrapProfileOptions, buildBwrapProfile } from '../untrusted/bwrap-profile.ts';
import { runProcessGroup } from '../untrusted/run-process-group.ts';
import { SANDBOX_PATH } from './soffice-env.ts';

/** How LibreOffice is isolated: `bwrap` = no network namespace access at all; `none` = plain process. */
export type SandboxMode = 'bwrap' | 'none';

/** What the renderer asked for: `auto` uses bubblewrap when it works on this machine. */
export type SandboxRequest = 'auto' | SandboxMode;

export interface SandboxDecision {
  mode: SandboxMode;
  /** Why bubblewrap is not used (null when it is). */
  reason: string | null;
}

export interface BwrapMounts {
  /** Folders the sandboxed process may write (the worker's private folder). */
  writable: readonly string[];
  /** Extra folders it may read (the sanitised input decks, a LibreOffice outside /usr). */
  readable: readonly string[];
}

// Read-only system parts LibreOffice needs: its program, fonts and font cache, the dynamic linker
// cache and its own /etc config. Deliberately NOT the whole root: /root, /home, /work, /etc/ssl,
// SSH keys and CI secrets stay invisible.
const SYSTEM_READONLY = [
  '/usr',
  '/etc/fonts',
  '/etc/ld.so.cache',
  '/etc/libreoffice',
  '/etc/alternatives',
  '/etc/localtime',
  '/var/cache/fontconfig',
];

/** The LibreOffice profile: no network, own PID/IPC/UTS/cgroup namespaces, the host user. */
export function libreOfficeProfile(mounts: BwrapMounts): BwrapProfileOptions {
  return {
    namespaces: { kind: 'net-pid-ipc-uts-cgroup' },
    system: { paths: SYSTEM_READONLY, missing: 'try' },
    tmpfs: [{ path: '/tmp' }],
    readOnly: mounts.readable.map((p) => ({ host: p, at: p })),
    writable: mounts.writable,
  };
}

/**
 * Arguments for `bwrap … -- command` that run a program with no network (`--unshare-net` leaves
 * only a private loopback, so even 127.0.0.1 of the host is unreachable), its own PID/IPC/UTS
 * namespaces, a read-only minimal view of the system, an empty /tmp, and write access only to
 * `mounts.writable`. `--die-with-parent` ends the sandbox if the Node process dies. Built by the
 * shared profile builder (`untrusted/bwrap-profile.ts`); the caller appends `--` and the command.
 */
export function buildBwrapArgs(mounts: BwrapMounts): string[] {
  return buildBwrapProfile(libreOfficeProfile(mounts));
}

/**
 * Checks once whether bubblewrap can create its namespaces here (it cannot inside many Docker
 * containers without extra privileges, or where unprivileged user namespaces are disabled).
 * `auto` falls back to `none` with the reason; `bwrap` reports the failure as the reason and the
 * caller refuses to render.
 */
export async function probeBubblewrap(
  bwrapPath: string,
  request: SandboxRequest,
  scratchDir: string,
): Promise<SandboxDecision> {
  if (request === 'none') return { mode: 'none', reason: 'sandbox disabled by configuration' };
  const outcome = await runProcessGroup(
    bwrapPath,
    [...buildBwrapArgs({ writable: [scratchDir], readable: [] }), '--', 'true'],
    {
      env: { PATH: SANDBOX_PATH },
      timeoutMs: 10_000,
    },
  );
  if (outcome.code === 0) return { mode: 'bwrap', reason: null };
  const why =
    outcome.spawnError ??
    (outcome.timedOut
      ? 'timed out'
      : `exit ${outcome.code ?? outcome.signal}: ${outcome.stderrTail.trim().slice(-300)}`);
  return { mode: 'none', reason: `bubblewrap unusable here (${why})` };
}
