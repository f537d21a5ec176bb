import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBubblewrapSandbox } from '../sandbox/bubblewrap-sandbox.ts';
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from '../sandbox/sandbox.ts';
import { runFigureScript, type FigureRun } from './run-figure-script.ts';

/*
 * Hostile figure scripts against the real bubblewrap sandbox: each must fail (or be contained)
 * within its limits with a clear reason, and nothing may leak out. A dedicated host uid lets the
 * test count the sandbox's processes from outside.
 */

const SANDBOX_UID = 65533;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sandbox = createBubblewrapSandbox({ unprivilegedId: SANDBOX_UID });
const FIXTURE = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'test',
  'fixtures',
  'calibration-style',
  'style01-0',
);
const PLOT = `
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(4, 3))
ax.bar([1, 2, 3], [3, 1, 2])
fig.savefig('output.png', dpi=50)
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-hostile-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(
  name: string,
  script: string,
  limits: Partial<SandboxLimits> = {},
): Promise<FigureRun & { seconds: number }> {
  const path = join(dir, `${name}.py`);
  await writeFile(path, script);
  const started = Date.now();
  const result = await runFigureScript(sandbox, {
    scriptPath: path,
    dataFiles: [{ name: 'data.csv', path: join(FIXTURE, 'data.csv') }],
    limits,
  });
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

/**
 * Processes on the host owned by the sandbox uid, counted from /proc. `alive` leaves out zombies:
 * bwrap's pid-1 init can linger a moment as an exited, not yet reaped entry (it holds no memory).
 */
interface ProcInfo {
  uid: number;
  ppid: number;
  zombie: boolean;
}

async function processTable(): Promise<Map<number, ProcInfo>> {
  const table = new Map<number, ProcInfo>();
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      table.set(Number(pid), {
        uid: Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]),
        ppid: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]),
        zombie: /^State:\s+Z/m.test(status),
      });
    } catch {
      // the process ended while we looked
    }
  }
  return table;
}

/**
 * This test process's sandboxed processes: the sandbox uid's processes that descend from it.
 * Other test files run sandboxes as the same uid at the same time; counting them would measure
 * their load, not this run's limit.
 */
async function ownSandboxProcesses(): Promise<number[]> {
  const table = await processTable();
  const own: number[] = [];
  for (const [pid, info] of table) {
    if (info.uid !== SANDBOX_UID) continue;
    for (let up = info.ppid, hops = 0; up > 1 && hops < 64; hops++) {
      if (up === process.pid) {
        own.push(pid);
        break;
      }
      up = table.get(up)?.ppid ?? 0;
    }
  }
  return own;
}

/** Of `pids`, those still alive (not zombies) as the sandbox uid: what a run left behind. */
async function leftBehind(pids: ReadonlySet<number>): Promise<number> {
  // The kernel kills the rest of a pid namespace when its init dies, asynchronously: on a loaded
  // machine a killed process can still be on its way out when the run returns. What must not
  // happen is a survivor, so look again for up to 5 s before counting one.
  const deadline = Date.now() + 5000;
  for (;;) {
    const table = await processTable();
    const alive = [...pids].filter((pid) => {
      const info = table.get(pid);
      return info !== undefined && info.uid === SANDBOX_UID && !info.zombie;
    }).length;
    if (alive === 0 || Date.now() > deadline) return alive;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs `work` while sampling this run's sandboxed processes; returns the peak and every pid seen. */
async function peakProcesses<T>(
  work: Promise<T>,
): Promise<{ result: T; peak: number; seen: Set<number> }> {
  let peak = 0;
  let done = false;
  const seen = new Set<number>();
  const sampler = (async () => {
    while (!done) {
      const own = await ownSandboxProcesses();
      for (const pid of own) seen.add(pid);
      peak = Math.max(peak, own.length);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const result = await work;
  done = true;
  await sampler;
  return { result, peak, seen };
}

function failure(r: FigureRun) {
  if (r.ok) throw new Error('expected the script to fail');
  return r.failure;
}

describe('hostile figure scripts in the bubblewrap sandbox', () => {
  it('stops a fork bomb at the process limit, and leaves no process behind', async () => {
    const { result, peak, seen } = await peakProcesses(
      run('fork-bomb', 'import os\nwhile True:\n    os.fork()\n', { timeoutMs: 20_000 }),
    );
    const f = failure(result);
    expect(f.code).toBe('process-limit');
    expect(f.message).toMatch(/process limit/);
    if (isRoot) {
      // RLIMIT_NPROC holds because the sandbox runs as an unprivileged host uid: the program's
      // processes plus setpriv/bwrap and bwrap's pid-1 init.
      expect(peak).toBeLessThanOrEqual(DEFAULT_SANDBOX_LIMITS.processes + 2);
      expect(await leftBehind(seen)).toBe(0);
    }
  });

  it('contains a fork loop that swallows the error until the wall clock kills the whole tree', async () => {
    const script =
      'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n';
    const { result, peak, seen } = await peakProcesses(
      run('fork-loop', script, { timeoutMs: 4000 }),
    );
    const f = failure(result);
    expect(f.code).toBe('timeout');
    expect(f.message).toMatch(/longer than 4 s .*whole process tree/);
    expect(result.seconds).toBeLessThan(15);
    if (isRoot) {
      expect(peak).toBeGreaterThan(1);
      expect(peak).toBeLessThanOrEqual(DEFAULT_SANDBOX_LIMITS.processes + 2);
      expect(await leftBehind(seen)).toBe(0);
    }
  });

  it('refuses an 8 GiB allocation as a memory failure', async () => {
    const r = await run(
      'alloc',
      `import numpy as np\na = np.ones(8 * 1024**3, dtype=np.uint8)\nprint(a.sum())\n${PLOT}`,
    );
    const f = failure(r);
    expect(f.code).toBe('memory');
    expect(f.message).toMatch(/out of memory/);
    expect(f.message).toMatch(/Unable to allocate 8.00 GiB/);
  });

  it('kills an infinite loop at the wall-clock limit', async () => {
    const r = await run('loop', 'while True:\n    pass\n', { timeoutMs: 3000 });
    const f = failure(r);
    expect(f.code).toBe('timeout');
    expect(r.seconds).toBeGreaterThanOrEqual(3);
    expect(r.seconds).toBeLessThan(12);
  });

  it('stops a 10 GB file write at the file-size limit (nothing reaches the host disk)', async () => {
    const script =
      "chunk = b'\\0' * (1024 * 1024)\nwith open('big.bin', 'wb') as f:\n    for _ in range(10 * 1024):\n        f.write(chunk)\n";
    const r = await run('bigfile', script);
    const f = failure(r);
    expect(f.code).toBe('file-size');
    expect(f.message).toMatch(/larger than the sandbox allows|File too large/);
    expect(r.seconds).toBeLessThan(30);
  });

  describe('a socket to a loopback listener of the host', () => {
    let server: Server;
    let port = 0;
    let connections = 0;
    beforeAll(async () => {
      server = createServer((s) => {
        connections++;
        s.destroy();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('cannot connect (the sandbox has its own empty network) and the listener sees nothing', async () => {
      const script = `import socket\ns = socket.create_connection(('127.0.0.1', ${port}), timeout=3)\ns.sendall(b'stolen')\n${PLOT}`;
      const r = await run('socket', script);
      const f = failure(r);
      expect(f.code).toBe('network');
      expect(f.message).toMatch(/Connection refused/);
      expect(connections).toBe(0);
    });
  });

  it('never sees a secret of the calling process: not in its environment, not in any output', async () => {
    const canary = `figboard-canary-${Math.random().toString(36).slice(2)}`;
    process.env.FIGBOARD_TEST_CANARY = canary;
    try {
      const script = `
import os, sys
leak = open('/proc/self/environ', 'rb').read().decode('latin1')
try:
    leak += open('/proc/1/environ', 'rb').read().decode('latin1')
except OSError as e:
    leak += str(e)
leak += repr(dict(os.environ))
print(leak)
print(leak, file=sys.stderr)
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(4, 3))
ax.bar([1, 2], [1, 2])
ax.set_title(leak[:180])
fig.savefig('output.png', dpi=50)
`;
      const path = join(dir, 'canary.py');
      await writeFile(path, script);
      // The raw sandbox result (stdout, stderr, pipe) and the scored run must both be clean.
      const raw = await sandbox.run({
        inputs: [{ name: 'canary.py', fromPath: path }],
        mounts: [],
        command: ['/usr/bin/python3', '/input/canary.py'],
        env: { PATH: '/usr/bin:/bin' },
        limits: { ...DEFAULT_SANDBOX_LIMITS, timeoutMs: 30_000 },
      });
      expect(raw.stdoutTail).toMatch(/PATH=\/usr\/bin:\/bin/);
      expect(raw.stdoutTail + raw.stderrTail + raw.output.toString('latin1')).not.toContain(canary);
      const r = await run('canary', script);
      expect(r.ok).toBe(true);
      expect(JSON.stringify(r)).not.toContain(canary);
      if (r.ok) expect(r.png.toString('latin1')).not.toContain(canary);
    } finally {
      delete process.env.FIGBOARD_TEST_CANARY;
    }
  });

  it('refuses a figure too large to render', async () => {
    const r = await run(
      'huge',
      'import matplotlib.pyplot as plt\nfig = plt.figure(figsize=(400, 400))\nfig.savefig("output.png", dpi=100)\n',
    );
    const f = failure(r);
    expect(f.code).toBe('output-too-large');
    expect(f.message).toMatch(/40000x40000 px/);
  });

  it('reports a script that never saves a figure', async () => {
    const f = failure(
      await run('nosave', 'import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.show()\n'),
    );
    expect(f).toEqual({
      code: 'no-png',
      message:
        "the script never saved a figure (expected fig.savefig('output.png') or plt.savefig('output.png'))",
    });
  });

  it('reports a crash with the tail of its traceback', async () => {
    const f = failure(
      await run(
        'crash',
        "import csv\nrows = list(csv.DictReader(open('data.csv')))\nprint(rows[0]['no such column'])\n",
      ),
    );
    expect(f.code).toBe('crash');
    expect(f.message).toMatch(/^the script raised KeyError: 'no such column'/);
    expect(f.message).toMatch(/File "\/work\/figure.py", line 3/);
  });

  it('cannot write outside its work folder', async () => {
    const script = `import os\nfor p in ['/input/x', '/usr/x', '/harness/x', '/x', '/dev/x']:\n    try:\n        open(p, 'w').write('x')\n        raise SystemExit('wrote ' + p)\n    except OSError:\n        pass\n${PLOT}`;
    const r = await run('readonly', script);
    expect(r.ok).toBe(true);
  });

  it('cannot use io_uring, the key store, ptrace, bpf or namespaces (seccomp), and holds no fd but 0-3', async () => {
    // Run from a parent that holds an inheritable fd 7 (as a CI runner or a shell might): the
    // sandboxed program must still see only its own four descriptors.
    const probe = `
import ctypes, errno, json, os
libc = ctypes.CDLL(None, use_errno=True)
out = {}
for name, nr in (('ptrace', 101), ('keyctl', 250), ('io_uring_setup', 425), ('bpf', 321), ('unshare', 272), ('perf_event_open', 298)):
    ctypes.set_errno(0)
    rc = libc.syscall(nr, 0, 0, 0, 0, 0)
    out[name] = [rc, errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))]
fds = []
for fd in os.listdir('/proc/self/fd'):
    try:
        os.readlink('/proc/self/fd/' + fd)
        fds.append(int(fd))
    except OSError:
        pass
out['fds'] = sorted(fds)
print(json.dumps(out, sort_keys=True))
`;
    const runner = join(dir, 'run-probe.mts');
    await writeFile(join(dir, 'probe.py'), probe);
    await writeFile(
      runner,
      `import { createBubblewrapSandbox } from ${JSON.stringify(join(import.meta.dirname, '..', 'sandbox', 'bubblewrap-sandbox.ts'))};
import { DEFAULT_SANDBOX_LIMITS } from ${JSON.stringify(join(import.meta.dirname, '..', 'sandbox', 'sandbox.ts'))};
const r = await createBubblewrapSandbox().run({
  inputs: [{ name: 'probe.py', fromPath: ${JSON.stringify(join(dir, 'probe.py'))} }],
  mounts: [],
  command: ['/usr/bin/python3', '/input/probe.py'],
  env: { PATH: '/usr/bin:/bin' },
  limits: { ...DEFAULT_SANDBOX_LIMITS, timeoutMs: 30000 },
});
process.stdout.write(r.stdoutTail);
`,
    );
    const r = spawnSync(
      'bash',
      [
        '-c',
        `exec 7</etc/hostname; exec ${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(runner)}`,
      ],
      { cwd: join(import.meta.dirname, '..', '..', '..'), encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    if (process.arch === 'x64') {
      for (const name of [
        'ptrace',
        'keyctl',
        'io_uring_setup',
        'bpf',
        'unshare',
        'perf_event_open',
      ])
        expect(out[name], name).toEqual([-1, 'EPERM']);
    }
    expect(out.fds).toEqual([0, 1, 2, 3]);
  });
});
