import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { auditFile } from '../../audit/audit-file.ts';
import { defaultConfig, loadConfig, type LoadedConfig } from '../../config/load-config.ts';
import type { EvaluatePorts } from '../../evaluate/evaluate-ports.ts';
import { UsageError } from '../../errors/index.ts';
import { formatProblem } from '../../errors/problem.ts';
import { createOpenAiJudgeClient } from '../../judge/llm/openai-judge-client.ts';
import { createTesseractOcr } from '../../ocr/tesseract-ocr.ts';
import type { SandboxRequest } from '../../render/bubblewrap.ts';
import { createLibreOfficeRenderer } from '../../render/libreoffice-renderer.ts';
import { evaluateStyleSubmission } from '../../style/evaluate-style-submission.ts';
import type { CliContext } from '../context.ts';

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
 * Loads the judging configuration: `--config FILE`, else `figboard.yml` found upward from the
 * working directory, else the built-in default (metric judge only). Every problem in the file
 * is reported at once as a usage error; skipped judges are returned as warnings.
 */
export async function loadJudgingConfig(
  ctx: CliContext,
  configFlag: string | undefined,
): Promise<{ config: LoadedConfig; file: string | null; warnings: string[] }> {
  const root = findRepoRoot(ctx.cwd);
  const file =
    configFlag !== undefined
      ? resolve(ctx.cwd, configFlag)
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
  const loaded = loadConfig(text, file, ctx.env);
  if (!loaded.value)
    throw new UsageError(
      `the configuration is invalid:\n${loaded.errors.map(formatProblem).join('\n')}`,
      { code: 'config-invalid', where: file },
    );
  return { config: loaded.value, file, warnings: loaded.warnings.map(formatProblem) };
}

/**
 * The production ports: the audit, LibreOffice (sandboxed when bubblewrap works), tesseract,
 * the openai client and real timers. The only place judging side effects are chosen.
 */
export function productionPorts(
  ctx: CliContext,
  options: { sandbox: SandboxRequest; seed: number },
): EvaluatePorts {
  return {
    auditDeck: (path, o) => auditFile(path, { name: o.name, objects: true, cap: o.cap }),
    renderer: createLibreOfficeRenderer({ sandbox: options.sandbox }),
    ocr: createTesseractOcr({ ...(ctx.env.PATH ? { searchPath: ctx.env.PATH } : {}) }),
    createJudgeClient: (judge) =>
      createOpenAiJudgeClient({
        baseURL: judge.config.baseURL,
        server: judge.config.server,
        apiKey: judge.apiKey,
        timeoutMs: Math.round(judge.config.timeoutSeconds * 1000),
      }),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    seed: options.seed,
    progress: ctx.progress,
    log: (line) => ctx.stderr.write(`refig: ${line}\n`),
    // Style-track submissions: sandboxed matplotlib + code and vision channels (bubblewrap).
    evaluateStyle: async (request) => ({ ...(await evaluateStyleSubmission(request)) }),
  };
}

/** Parses an integer flag within bounds, or throws a usage error naming the flag. */
/** Parses `--sandbox`, or throws a usage error naming the allowed values. */
export function sandboxFlag(value: string): SandboxRequest {
  if (!['auto', 'bwrap', 'none'].includes(value))
    throw new UsageError('invalid value for --sandbox', {
      where: '--sandbox',
      expected: 'auto, bwrap or none',
      got: JSON.stringify(value),
    });
  return value as SandboxRequest;
}
