import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../run/agent-process.ts';
import { runProcessGroup } from './run-process-group.ts';

const env = { PATH: '/usr/bin:/bin' };
const sh = (script: string) => ['-c', script] as const;

/** Whether a pid is still running (a zombie waiting for its reaper counts as dead). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-runner-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('runProcessGroup: the one runner for untrusted processes', () => {
  it('reports exit code, signal and the tails of stdout and stderr', async () => {
    const ok = await runProcessGroup('sh', sh('echo out; echo err >&2; exit 3'), {
      env,
      timeoutMs: 10_000,
    });
    expect(ok).toMatchObject({ code: 3, signal: null, timedOut: false, spawnError: null });
    expect(ok.stdoutTail).toBe('out\n');
    expect(ok.stderrTail).toBe('err\n');
    const killed = await runProcessGroup('sh', sh('kill -TERM $$'), { env, timeoutMs: 10_000 });
    expect(killed).toMatchObject({ code: null, signal: 'SIGTERM' });
  });

  it('kills the whole group on timeout, a background child included', async () => {
    const bg = join(dir, 'bg.pid');
    const o = await runProcessGroup('sh', sh(`sleep 30 & echo $! > ${bg}; wait`), {
      env,
      timeoutMs: 500,
    });
    expect(o).toMatchObject({ timedOut: true, timedOutBy: 'deadline', signal: 'SIGKILL' });
    const pid = Number((await readFile(bg, 'utf8')).trim());
    expect(pid).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
  });

  it('kills the group when the abort signal fires', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const o = await runProcessGroup('sleep', ['30'], {
      env,
      timeoutMs: 30_000,
      abortSignal: controller.signal,
    });
    expect(o).toMatchObject({ aborted: true, timedOut: false, signal: 'SIGKILL' });
    expect(o.durationMs).toBeLessThan(10_000);
  });

  it('feeds stdin, captures stdout whole and kills the group past the capture cap', async () => {
    const cat = await runProcessGroup('cat', [], {
      env,
      timeoutMs: 10_000,
      stdin: Buffer.from('hello'),
      captureStdout: 100,
    });
    expect(cat.stdout.toString()).toBe('hello');
    expect(cat.overflow).toBeNull();
    const flood = await runProcessGroup('sh', sh('while :; do echo xxxxxxxxxxxxxxxx; done'), {
      env,
      timeoutMs: 10_000,
      captureStdout: 1000,
    });
    expect(flood.overflow).toBe('stdout');
    expect(flood.timedOut).toBe(false);
    expect(flood.stdout.length).toBeLessThanOrEqual(1000);
  });

  it('collects fd 3 up to its cap and feeds fd 4', async () => {
    const o = await runProcessGroup('sh', sh('cat <&4 >&3'), {
      env,
      timeoutMs: 10_000,
      extraFds: [{ collect: 100 }, { feed: Buffer.from('through fd 4') }],
    });
    expect(o.code).toBe(0);
    expect(o.collected[3]?.toString()).toBe('through fd 4');
    const big = await runProcessGroup('sh', sh('head -c 5000 /dev/zero >&3; sleep 30'), {
      env,
      timeoutMs: 20_000,
      extraFds: [{ collect: 100 }],
    });
    expect(big.overflow).toBe(3);
    expect(big.durationMs).toBeLessThan(15_000);
  });

  it('writes stdout and stderr to capped files and says what was cut', async () => {
    const out = join(dir, 'out.txt');
    const err = join(dir, 'err.txt');
    const o = await runProcessGroup('sh', sh('printf 0123456789; printf ab >&2'), {
      env,
      timeoutMs: 10_000,
      stdoutFile: { path: out, maxBytes: 4 },
      stderrFile: { path: err, maxBytes: 10 },
    });
    expect(await readFile(out, 'utf8')).toBe('0123');
    expect(await readFile(err, 'utf8')).toBe('ab');
    expect(o).toMatchObject({
      stdoutFileBytes: 4,
      stdoutFileTruncated: true,
      stderrFileBytes: 2,
      stderrFileTruncated: false,
    });
  });

  it('reports a command that cannot start as an outcome with its errno code', async () => {
    const o = await runProcessGroup('/nonexistent/figboard-tool', [], { env, timeoutMs: 5000 });
    expect(o.spawnErrorCode).toBe('ENOENT');
    expect(o.spawnError).toMatch(/ENOENT/);
    expect(o.code).toBeNull();
  });

  it('ends the run closeGraceMs after the leader exited when a straggler holds the pipes', async () => {
    const o = await runProcessGroup('sh', sh('sleep 30 & exit 0'), {
      env,
      timeoutMs: 30_000,
      closeGraceMs: 200,
    });
    expect(o).toMatchObject({ code: 0, timedOut: false });
    expect(o.durationMs).toBeLessThan(10_000);
  });
});

describe('spawnAgentProcess runs agents through the runner', () => {
  it('caps the agent log, and a timeout kills what the agent started', async () => {
    const bg = join(dir, 'agent-bg.pid');
    const o = await spawnAgentProcess.run({
      argv: ['sh', '-c', `printf 0123456789; sleep 30 & echo $! > ${bg}; wait`],
      cwd: dir,
      env,
      timeoutMs: 500,
      stdoutPath: join(dir, 'agent.out'),
      stderrPath: join(dir, 'agent.err'),
      maxStdoutBytes: 5,
      maxStderrBytes: 5,
    });
    expect(o).toMatchObject({ timedOut: true, code: null, stdoutBytes: 5, stdoutTruncated: true });
    expect(await readFile(join(dir, 'agent.out'), 'utf8')).toBe('01234');
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(Number((await readFile(bg, 'utf8')).trim()))).toBe(false);
  });

  it('reports an agent that cannot start', async () => {
    const o = await spawnAgentProcess.run({
      argv: ['/nonexistent/agent'],
      cwd: dir,
      env,
      timeoutMs: 5000,
      stdoutPath: join(dir, 'none.out'),
      stderrPath: join(dir, 'none.err'),
      maxStdoutBytes: 5,
      maxStderrBytes: 5,
    });
    expect(o).toMatchObject({ code: null, timedOut: false, stdoutBytes: 0 });
    expect(o.spawnError).toMatch(/ENOENT/);
  });
});
