import { describe, expect, it } from 'vitest';
import { libreOfficeProfile } from '../render/bubblewrap.ts';
import { figureScriptProfile } from '../sandbox/bubblewrap-sandbox.ts';
import { DEFAULT_SANDBOX_LIMITS } from '../sandbox/sandbox.ts';
import { buildBwrapProfile, type HostEntry } from './bwrap-profile.ts';

// A pinned host: merged /usr (/bin, /sbin, /lib, /lib64 are links), a real /lib32 folder, no
// /libx32, a dangling /etc/alternatives link, bash installed. The argv is then one exact list.
const HOST: Record<string, HostEntry> = {
  '/bin': { kind: 'link', target: 'usr/bin', resolves: true },
  '/sbin': { kind: 'link', target: 'usr/sbin', resolves: true },
  '/lib': { kind: 'link', target: 'usr/lib', resolves: true },
  '/lib64': { kind: 'link', target: 'usr/lib64', resolves: true },
  '/lib32': { kind: 'dir' },
  '/etc/ld.so.cache': { kind: 'file' },
  '/etc/fonts': { kind: 'dir' },
  '/etc/alternatives': { kind: 'link', target: '/nowhere', resolves: false },
  '/usr/bin/bash': { kind: 'file' },
};
const host = (p: string): HostEntry => HOST[p] ?? null;

const CLOSE_FDS = [
  'for f in /proc/self/fd/*; do',
  '  n=$(basename "$f")',
  '  case $n in 0|1|2|3) ;; *) eval "exec $n>&-" 2>/dev/null ;; esac',
  'done',
  'exec "$@"',
].join('\n');

describe('buildBwrapProfile: the one bubblewrap argv builder', () => {
  it('builds the figure-script sandbox: all namespaces, locked down, read-only, limits, seccomp, fds 0-3', () => {
    const limits = { ...DEFAULT_SANDBOX_LIMITS, workFolderBytes: 1000, tmpBytes: 2000 };
    const request = {
      inputs: [],
      mounts: [{ host: '/opt/harness', sandbox: '/harness' }],
      command: ['python3', '/harness/run.py'],
      env: { Z_LAST: '1', MPLBACKEND: 'Agg', A_FIRST: 'x' },
      limits,
    };
    const profile = figureScriptProfile(request, '/tmp/figboard-sandbox-x', {
      id: 65534,
      prlimit: '/usr/bin/prlimit',
      systemFiles: ['/etc/ld.so.cache', '/etc/alternatives', '/etc/fonts'],
      seccomp: true,
    });
    expect(buildBwrapProfile(profile, request.command, host)).toEqual([
      ...['--unshare-all', '--unshare-user', '--uid', '65534', '--gid', '65534'],
      ...['--disable-userns', '--die-with-parent', '--new-session', '--cap-drop', 'ALL'],
      ...['--clearenv', '--hostname', 'sandbox'],
      ...['--ro-bind', '/usr', '/usr'],
      ...['--symlink', 'usr/bin', '/bin', '--symlink', 'usr/sbin', '/sbin'],
      ...['--symlink', 'usr/lib', '/lib', '--ro-bind', '/lib32', '/lib32'],
      ...['--symlink', 'usr/lib64', '/lib64'],
      ...[
        '--ro-bind',
        '/etc/ld.so.cache',
        '/etc/ld.so.cache',
        '--ro-bind',
        '/etc/fonts',
        '/etc/fonts',
      ],
      ...['--proc', '/proc', '--dev', '/dev'],
      ...['--size', '1048576', '--tmpfs', '/dev/shm', '--size', '1000', '--tmpfs', '/work'],
      ...['--size', '2000', '--tmpfs', '/tmp'],
      ...[
        '--ro-bind',
        '/tmp/figboard-sandbox-x',
        '/input',
        '--ro-bind',
        '/opt/harness',
        '/harness',
      ],
      ...['--remount-ro', '/', '--remount-ro', '/dev', '--chdir', '/work'],
      ...['--setenv', 'A_FIRST', 'x', '--setenv', 'MPLBACKEND', 'Agg', '--setenv', 'Z_LAST', '1'],
      ...['--seccomp', '4', '--'],
      ...['/usr/bin/bash', '-c', CLOSE_FDS, 'figboard-close-fds'],
      ...['/usr/bin/prlimit', `--as=${limits.memoryBytes}`, `--nproc=${limits.processes}`],
      ...[`--fsize=${limits.fileSizeBytes}`, `--cpu=${limits.cpuSeconds}`],
      ...[`--nofile=${limits.openFiles}`, '--core=0', '--'],
      ...['python3', '/harness/run.py'],
    ]);
  });

  it('drops the seccomp fd and the fd closer when there is no program and no bash', () => {
    const request = { inputs: [], mounts: [], command: ['true'], env: {}, cwd: '/input' };
    const profile = figureScriptProfile({ ...request, limits: DEFAULT_SANDBOX_LIMITS }, '/in', {
      id: 1000,
      prlimit: '/p',
      systemFiles: [],
      seccomp: false,
    });
    const argv = buildBwrapProfile(profile, ['true'], (p) =>
      p === '/usr/bin/bash' ? null : host(p),
    );
    expect(argv).not.toContain('--seccomp');
    expect(argv).not.toContain('/usr/bin/bash');
    expect(argv.slice(argv.indexOf('--chdir'), argv.indexOf('--chdir') + 3)).toEqual([
      '--chdir',
      '/input',
      '--',
    ]);
  });

  it('builds the LibreOffice sandbox: no network, the host user, try-binds, one writable folder', () => {
    const argv = buildBwrapProfile(
      libreOfficeProfile({ writable: ['/w/worker-1'], readable: ['/w/in', '/opt/libreoffice'] }),
      undefined,
      host,
    );
    const tryBind = (p: string) => ['--ro-bind-try', p, p];
    expect(argv).toEqual([
      ...['--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts'],
      ...['--unshare-cgroup-try', '--die-with-parent'],
      ...tryBind('/usr'),
      ...tryBind('/etc/fonts'),
      ...tryBind('/etc/ld.so.cache'),
      ...tryBind('/etc/libreoffice'),
      ...tryBind('/etc/alternatives'),
      ...tryBind('/etc/localtime'),
      ...tryBind('/var/cache/fontconfig'),
      ...['--symlink', 'usr/bin', '/bin', '--symlink', 'usr/sbin', '/sbin'],
      ...['--symlink', 'usr/lib', '/lib', ...tryBind('/lib32')],
      ...['--symlink', 'usr/lib64', '/lib64'],
      ...['--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp'],
      ...['--ro-bind', '/w/in', '/w/in', '--ro-bind', '/opt/libreoffice', '/opt/libreoffice'],
      ...['--bind', '/w/worker-1', '/w/worker-1'],
    ]);
  });
});
