import { DEFAULT_SANDBOX_LIMITS, type Sandbox } from './sandbox.ts';

/** One property of the sandbox, as observed from inside it. */
export interface SandboxCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** A program run inside the sandbox that reports what it can and cannot do, as JSON. */
const PROBE = `
import ctypes, errno, json, os, socket
out = {}
try:
    socket.create_connection(('1.1.1.1', 53), timeout=2)
    out['network'] = 'connected'
except OSError as e:
    out['network'] = type(e).__name__ + ': ' + str(e)
for path in ('/work/probe', '/usr/probe', '/input/probe'):
    try:
        open(path, 'w').write('x')
        out[path] = 'writable'
    except OSError as e:
        out[path] = 'refused: ' + (errno.errorcode.get(e.errno) or str(e.errno))
libc = ctypes.CDLL(None, use_errno=True)
ctypes.set_errno(0)
rc = libc.syscall(101 if os.uname().machine == 'x86_64' else 117, 0, 0, 0, 0, 0)
out['ptrace'] = [rc, errno.errorcode.get(ctypes.get_errno(), '')]
out['uid'] = os.getuid()
fds = []
for fd in os.listdir('/proc/self/fd'):
    try:
        os.readlink('/proc/self/fd/' + fd)
        fds.append(int(fd))
    except OSError:
        pass
out['fds'] = sorted(fds)
out['env'] = sorted(os.environ)
print(json.dumps(out, sort_keys=True))
`;

/**
 * Runs a probe in the sandbox and reports the isolation the style track relies on: no network,
 * read-only system and input, a writable work folder, the seccomp filter (ptrace refused), no
 * descriptor but 0–3, an empty environment. Throws SandboxUnavailableError when the sandbox
 * cannot start at all (e.g. a container without the security options bubblewrap needs).
 */
export async function checkSandbox(sandbox: Sandbox, arch: string): Promise<SandboxCheck[]> {
  const r = await sandbox.run({
    inputs: [{ name: 'probe.py', content: PROBE }],
    mounts: [],
    command: ['/usr/bin/python3', '-I', '/input/probe.py'],
    env: { PATH: '/usr/bin:/bin' },
    limits: { ...DEFAULT_SANDBOX_LIMITS, timeoutMs: 30_000 },
  });
  let seen: Record<string, unknown>;
  try {
    seen = JSON.parse(r.stdoutTail.trim().split('\n').at(-1) ?? '');
  } catch {
    return [
      {
        name: 'probe ran',
        ok: false,
        detail: `exit ${r.exitCode ?? r.signal}; ${r.stderrTail.trim().slice(-400) || 'no output'}`,
      },
    ];
  }
  const check = (name: string, ok: boolean, detail: unknown): SandboxCheck => ({
    name,
    ok,
    detail: typeof detail === 'string' ? detail : JSON.stringify(detail),
  });
  const ptrace = seen.ptrace as [number, string];
  const seccompExpected = arch === 'x64' || arch === 'arm64';
  return [
    check('no network', String(seen.network) !== 'connected', seen.network),
    check('work folder writable', seen['/work/probe'] === 'writable', seen['/work/probe']),
    check('system read-only', String(seen['/usr/probe']).startsWith('refused'), seen['/usr/probe']),
    check(
      'input read-only',
      String(seen['/input/probe']).startsWith('refused'),
      seen['/input/probe'],
    ),
    check(
      'seccomp filter (ptrace refused)',
      !seccompExpected || (ptrace[0] === -1 && ptrace[1] === 'EPERM'),
      seccompExpected ? ptrace : `no filter for architecture ${arch}`,
    ),
    check(
      'only descriptors 0-3',
      JSON.stringify(seen.fds) === JSON.stringify([0, 1, 2, 3]),
      seen.fds,
    ),
    check(
      // Only what the request set (PATH) and what the shell that closes descriptors adds.
      'empty environment',
      (seen.env as string[]).every((k) => ['PATH', 'LC_CTYPE', 'PWD', 'SHLVL', '_'].includes(k)),
      seen.env,
    ),
  ];
}
