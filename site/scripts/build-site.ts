import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Options of {@link buildSite}. */
export interface BuildSiteOptions {
  /** Folder with `leaderboard.json`, `suites/`, `submissions/`. */
  dataDir: string;
  /** Output folder. Keep it inside `site/` (e.g. `site/.build/<name>/dist`) so parallel builds never share Astro's server chunks. */
  outDir: string;
  /** Base path, e.g. `/figboard/`. */
  base?: string;
  /** Extra environment. */
  env?: Record<string, string>;
  /** Kill the build after this many milliseconds. */
  timeoutMs?: number;
}

export interface BuildSiteResult {
  seconds: number;
  /** User + system CPU seconds of the build (from /usr/bin/time), null when unavailable. */
  cpuSeconds: number | null;
  /** Combined stdout and stderr of `astro build`. */
  log: string;
}

/**
 * Runs `astro build` for the site in a child process with the FIGBOARD_* variables set (the same
 * command `npm run build -w site` runs). Rejects with the build log when it fails.
 */
export async function buildSite(opts: BuildSiteOptions): Promise<BuildSiteResult> {
  const astro = join(
    dirname(createRequire(import.meta.url).resolve('astro/package.json')),
    'astro.js',
  );
  const started = performance.now();
  // Vite/vitest variables leak into process.env under test runners (BASE_URL, MODE, …) and
  // would override the site's own settings in the child build.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(BASE_URL|MODE|DEV|PROD|SSR|VITEST.*|TEST|NODE_ENV)$/.test(k),
    ),
  ) as Record<string, string>;
  const env: Record<string, string> = {
    ...inherited,
    ASTRO_TELEMETRY_DISABLED: '1',
    FIGBOARD_DATA_DIR: resolve(opts.dataDir),
    FIGBOARD_SITE_OUT: resolve(opts.outDir),
    FIGBOARD_SITE_BASE: opts.base ?? '/',
    ...opts.env,
  };
  return new Promise((ok, fail) => {
    // /usr/bin/time reports the CPU the build used, which (unlike wall time) does not depend on
    // what else the machine is running
    const timed = existsSync('/usr/bin/time');
    const [cmd, args] = timed
      ? ['/usr/bin/time', ['-f', 'FIGBOARD_CPU %U %S', process.execPath, astro, 'build']]
      : [process.execPath, [astro, 'build']];
    const child = spawn(cmd, args, { cwd: SITE_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const timer = opts.timeoutMs
      ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs)
      : undefined;
    child.on('error', fail);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const cpu = /FIGBOARD_CPU ([\d.]+) ([\d.]+)/.exec(log);
      if (code === 0)
        ok({ seconds, cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : null, log });
      else
        fail(
          new Error(
            `astro build failed (${signal ?? `exit ${code}`}) after ${seconds.toFixed(1)} s:\n${log.slice(-6000)}`,
          ),
        );
    });
  });
}
