import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors/index.ts';
import { formatProblem } from '../errors/problem.ts';
import { defaultConfig, loadConfig, type LoadedConfig } from './load-config.ts';

/** Where a host (the CLI, the Action) runs: its working directory and environment, passed in. */
export interface ConfigHost {
  cwd: string;
  env: Record<string, string | undefined>;
}

/** The folder holding `figboard.yml` (searched upward from `cwd`), or null. */
export function findRepoRoot(cwd: string): string | null {
  let dir = resolve(cwd);
  for (;;) {
    if (existsSync(join(dir, 'figboard.yml'))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/**
 * Loads the judging configuration: `configFlag` (a `--config FILE` or the Action's `config`
 * input), else `figboard.yml` found upward from the working directory, else the built-in
 * default (metric judge only). Every problem in the file is reported at once as a usage error;
 * skipped judges are returned as warnings.
 */
export async function loadJudgingConfig(
  host: ConfigHost,
  configFlag: string | undefined,
): Promise<{ config: LoadedConfig; file: string | null; warnings: string[] }> {
  const root = findRepoRoot(host.cwd);
  const file =
    configFlag !== undefined
      ? resolve(host.cwd, configFlag)
      : root
        ? join(root, 'figboard.yml')
        : null;
  if (file === null) return { config: defaultConfig(), file: null, warnings: [] };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError('cannot read the configuration file', {
      where: file,
      expected: 'a readable figboard.yml',
      got: (err as NodeJS.ErrnoException).code ?? 'error',
      cause: err,
    });
  }
  const loaded = loadConfig(text, file, host.env);
  if (!loaded.value)
    throw new UsageError(
      `the configuration is invalid:\n${loaded.errors.map(formatProblem).join('\n')}`,
      { code: 'config-invalid', where: file },
    );
  return { config: loaded.value, file, warnings: loaded.warnings.map(formatProblem) };
}
