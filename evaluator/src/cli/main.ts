import { Command, CommanderError } from 'commander';
import { EnvironmentError, environmentErrorFrom } from '../errors/environment-error.ts';
import { FigboardError, UsageError } from '../errors/index.ts';
import { commandsFor } from './commands/index.ts';
import type { CliContext } from './context.ts';
import { createProgressBar } from './progress-bar.ts';

/** Exit status of a run stopped by the machine (EX_TEMPFAIL: try again later). */
export const EXIT_ENVIRONMENT = 75;

/**
 * The audit worker entry beside this file when it runs as the compiled bundle (`main.js`, whose
 * `import.meta.url` the build leaves pointing at the bundle); none when it runs from sources.
 */
const BUNDLED_AUDIT_WORKER = import.meta.url.endsWith('/main.js')
  ? new URL('./audit-worker.js', import.meta.url)
  : undefined;

/**
 * The refig CLI. One top-level catch: usage errors exit 2; a failing environment (disk full,
 * no file descriptors or memory, a broken LibreOffice) exits 75 with what to do, never a
 * stack; other FigBoard errors exit 1 with their description; anything else is a bug and
 * prints its stack (exit 70).
 */
export async function main(argv: string[], ctx: Partial<CliContext> = {}): Promise<number> {
  const context: CliContext = {
    stdout: ctx.stdout ?? process.stdout,
    stderr: ctx.stderr ?? process.stderr,
    env: ctx.env ?? process.env,
    cwd: ctx.cwd ?? process.cwd(),
    progress: ctx.progress ?? (() => createProgressBar()),
    ...((ctx.auditWorker ?? BUNDLED_AUDIT_WORKER)
      ? { auditWorker: ctx.auditWorker ?? BUNDLED_AUDIT_WORKER }
      : {}),
  };
  const program = new Command('refig')
    .description('FigBoard: score figure-to-PPTX and figure style-transfer agents reproducibly')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => context.stdout.write(s),
      writeErr: (s) => context.stderr.write(s),
    })
    .showHelpAfterError();
  let exitCode = 0;
  try {
    // Only the named command's module is loaded (start-up cost is paid for what runs).
    for (const command of commandsFor(argv)) {
      (await command.load())(program, context, (code) => {
        exitCode = code;
      });
    }
    await program.parseAsync(argv);
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof UsageError) {
      context.stderr.write(`refig: ${err.describe()}\n`);
      return 2;
    }
    const environment = err instanceof EnvironmentError ? err : environmentErrorFrom(err);
    if (environment) {
      context.stderr.write(
        `refig: stopped because of the machine, not the submission: ${environment.describe()}\nNothing was scored for the tasks in flight; what was recorded before is kept.\n`,
      );
      return EXIT_ENVIRONMENT;
    }
    if (err instanceof FigboardError) {
      context.stderr.write(`refig: ${err.describe()}\n`);
      return 1;
    }
    context.stderr.write(`refig: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
    return 70;
  }
}
