import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/** What the builder needs to know of a host path (injected so a test can pin the argv). */
export type HostEntry =
  | { kind: 'link'; target: string; resolves: boolean }
  | { kind: 'dir' }
  | { kind: 'file' }
  | null;

/** The real file system: `lstat`, a link's target, or null when the path is missing. */
export function hostEntry(path: string): HostEntry {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return null;
  }
  if (st.isSymbolicLink())
    return { kind: 'link', target: readlinkSync(path), resolves: existsSync(path) };
  return st.isDirectory() ? { kind: 'dir' } : { kind: 'file' };
}

/** Top-level folders that are either merged-/usr symlinks or real folders, depending on the distro. */
export const ROOT_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'] as const;

/** The rlimits `prlimit` applies inside the sandbox before the program starts. */
export interface ProcessLimits {
  memoryBytes: number;
  processes: number;
  fileSizeBytes: number;
  cpuSeconds: number;
  openFiles: number;
}

/**
 * One bubblewrap profile. Network is always off: both namespace sets unshare the network, so
 * only a private loopback exists. The argv is built in a fixed order (namespaces, lockdown,
 * system binds, /proc and /dev, tmpfs, input binds, remounts, cwd, env, seccomp, `--`, wrappers,
 * command), so a profile is one exact argv for one host.
 */
export interface BwrapProfileOptions {
  /**
   * `all`: every namespace (`--unshare-all`) in a new user namespace as `uid`/`gid` that cannot
   * create another (`--disable-userns`). `net-pid-ipc-uts-cgroup`: those, in the caller's user.
   */
  namespaces: { kind: 'all'; uid: number; gid: number } | { kind: 'net-pid-ipc-uts-cgroup' };
  /** New session (no terminal injection), every capability dropped, empty environment, own hostname. */
  lockdown?: { hostname: string };
  /**
   * Read-only system binds before the root links. `require`: `--ro-bind` (bwrap fails when
   * missing); `try`: `--ro-bind-try` (bwrap skips a missing one).
   */
  system: { paths: readonly string[]; missing: 'require' | 'try' };
  /** Extra read-only host paths after the root links, bound only when they exist here. */
  systemIfPresent?: readonly string[];
  /** Size-capped (or uncapped) in-memory folders, in order. */
  tmpfs: readonly { path: string; sizeBytes?: number }[];
  /** Host paths bound read-only at `at`. */
  readOnly?: readonly { host: string; at: string }[];
  /** Host paths bound read-write at the same path. */
  writable?: readonly string[];
  /** Make `/` and `/dev` read-only after the mounts (only the tmpfs folders stay writable). */
  remountReadOnly?: boolean;
  cwd?: string;
  /** Variables set inside (sorted by name, so the argv does not depend on insertion order). */
  env?: Readonly<Record<string, string>>;
  /** fd bwrap reads a seccomp program from. */
  seccompFd?: number;
  /** Run the command under `prlimit` (the binary) with these limits and no core dumps. */
  limits?: { prlimit: string } & ProcessLimits;
  /** Close every fd but 0–`keepFds` before exec, with this bash (skipped when null). */
  closeFds?: { bash: string; keepFds: number } | null;
}

/** Whether a path exists here (a link only when its target does). */
const present = (entry: HostEntry) => entry !== null && (entry.kind !== 'link' || entry.resolves);

/** Closes every fd above `keep` before exec; argv: bash -c SCRIPT NAME command… */
function closeFdsScript(keep: number): string {
  const kept = Array.from({ length: keep + 1 }, (_, i) => String(i)).join('|');
  return [
    'for f in /proc/self/fd/*; do',
    '  n=$(basename "$f")',
    `  case $n in ${kept}) ;; *) eval "exec $n>&-" 2>/dev/null ;; esac`,
    'done',
    'exec "$@"',
  ].join('\n');
}

/**
 * The one builder of bubblewrap argument lists (issue 25 item 4): the figure-script sandbox
 * (`sandbox/bubblewrap-sandbox.ts`) and the LibreOffice sandbox (`render/bubblewrap.ts`) are two
 * option sets of it. Returns the arguments after the `bwrap` binary; with `command` they end in
 * `-- [bash close-fds] [prlimit …] command…`, without it the caller appends its own `--`.
 */
export function buildBwrapProfile(
  profile: BwrapProfileOptions,
  command?: readonly string[],
  host: (path: string) => HostEntry = hostEntry,
): string[] {
  const args: string[] = [];
  const ns = profile.namespaces;
  if (ns.kind === 'all') {
    args.push('--unshare-all', '--unshare-user', '--uid', String(ns.uid), '--gid', String(ns.gid));
    args.push('--disable-userns');
  } else {
    args.push('--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts');
    args.push('--unshare-cgroup-try');
  }
  args.push('--die-with-parent');
  if (profile.lockdown) {
    args.push('--new-session', '--cap-drop', 'ALL', '--clearenv');
    args.push('--hostname', profile.lockdown.hostname);
  }
  const bind = profile.system.missing === 'try' ? '--ro-bind-try' : '--ro-bind';
  for (const p of profile.system.paths) args.push(bind, p, p);
  for (const p of ROOT_LINKS) {
    // Merged-/usr systems have /bin -> usr/bin; recreate the link, otherwise bind the real folder.
    const entry = host(p);
    if (entry?.kind === 'link') args.push('--symlink', entry.target, p);
    else if (entry?.kind === 'dir') args.push(bind, p, p);
  }
  for (const p of profile.systemIfPresent ?? []) if (present(host(p))) args.push('--ro-bind', p, p);
  args.push('--proc', '/proc', '--dev', '/dev');
  for (const t of profile.tmpfs) {
    if (t.sizeBytes !== undefined) args.push('--size', String(t.sizeBytes));
    args.push('--tmpfs', t.path);
  }
  for (const m of profile.readOnly ?? []) args.push('--ro-bind', m.host, m.at);
  for (const p of profile.writable ?? []) args.push('--bind', p, p);
  if (profile.remountReadOnly) args.push('--remount-ro', '/', '--remount-ro', '/dev');
  if (profile.cwd !== undefined) args.push('--chdir', profile.cwd);
  for (const [key, value] of Object.entries(profile.env ?? {}).sort(([a], [b]) =>
    compareCodeUnits(a, b),
  ))
    args.push('--setenv', key, value);
  if (profile.seccompFd !== undefined) args.push('--seccomp', String(profile.seccompFd));
  if (!command) return args;
  args.push('--');
  const { closeFds, limits } = profile;
  if (closeFds && present(host(closeFds.bash)))
    args.push(closeFds.bash, '-c', closeFdsScript(closeFds.keepFds), 'figboard-close-fds');
  if (limits)
    args.push(
      limits.prlimit,
      `--as=${limits.memoryBytes}`,
      `--nproc=${limits.processes}`,
      `--fsize=${limits.fileSizeBytes}`,
      `--cpu=${limits.cpuSeconds}`,
      `--nofile=${limits.openFiles}`,
      '--core=0',
      '--',
    );
  args.push(...command);
  return args;
}
