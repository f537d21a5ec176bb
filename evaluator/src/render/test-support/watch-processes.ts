import childProcess, { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

export interface SeenProcess {
  pid: number;
  comm: string;
  /** Environment variable names and values, read from /proc/<pid>/environ. */
  env: Record<string, string>;
}

/** Pids whose command line contains `needle` (a private temp path), via `pgrep -f`. */
export function pgrep(needle: string): Promise<number[]> {
  return new Promise((resolve) => {
    execFile('pgrep', ['-f', needle], (err, stdout) => {
      if (err) return resolve([]);
      resolve(
        stdout
          .split('\n')
          .filter(Boolean)
          .map(Number)
          .filter((p) => p !== process.pid),
      );
    });
  });
}

/** Parent pid of `pid` from /proc/<pid>/stat, or 0 when it is gone. */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) || 0;
  } catch {
    return 0;
  }
}

/**
 * True when `pid` descends from this test process. Only its own children count: a LibreOffice
 * or sandbox started by another test file, or by anything else on the machine, whose command
 * line happens to match is none of this test's business (and read as its own, it made the
 * environment test flaky on a busy machine).
 */
export function isOwnDescendant(pid: number): boolean {
  for (let up = parentOf(pid), hops = 0; up > 1 && hops < 64; up = parentOf(up), hops++)
    if (up === process.pid) return true;
  return false;
}

function readProc(pid: number): SeenProcess | null {
  try {
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    const env: Record<string, string> = {};
    for (const kv of readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
      if (!kv) continue;
      const eq = kv.indexOf('=');
      env[kv.slice(0, eq)] = kv.slice(eq + 1);
    }
    return { pid, comm, env };
  } catch {
    return null; // exited between pgrep and the read
  }
}

/**
 * Polls every `everyMs` for this process's descendants whose command line contains `needle` and
 * records each one once (with its environment). `stop()` returns everything seen.
 */
export function watchProcesses(
  needle: string,
  everyMs = 40,
): { stop: () => Promise<SeenProcess[]> } {
  const seen = new Map<number, SeenProcess>();
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const pid of await pgrep(needle)) {
        if (!seen.has(pid) && isOwnDescendant(pid)) {
          const p = readProc(pid);
          if (p) seen.set(pid, p);
        }
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return [...seen.values()];
    },
  };
}

/** True while `pid` exists and is not a zombie (an exited child its parent has not reaped yet). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/**
 * Counts the processes started through `child_process.spawn` whose command and arguments match
 * `match`, from now until `restore()`. Unlike polling, it cannot miss a short-lived process on a
 * busy machine. (The spawn wrapper is visible to ES-module importers through
 * `syncBuiltinESMExports`.)
 */
export function countSpawns(match: (command: string, args: readonly string[]) => boolean): {
  count: () => number;
  restore: () => void;
} {
  const original = childProcess.spawn;
  let n = 0;
  const counting = ((command: string, ...rest: unknown[]) => {
    const args = Array.isArray(rest[0]) ? (rest[0] as string[]) : [];
    if (match(command, args)) n += 1;
    return (original as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof childProcess.spawn;
  childProcess.spawn = counting;
  syncBuiltinESMExports();
  return {
    count: () => n,
    restore: () => {
      childProcess.spawn = original;
      syncBuiltinESMExports();
    },
  };
}
