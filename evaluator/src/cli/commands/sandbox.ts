import { FigboardError } from '../../errors/index.ts';
import { createBubblewrapSandbox } from '../../sandbox/bubblewrap-sandbox.ts';
import { checkSandbox } from '../../sandbox/check-sandbox.ts';
import type { RegisterCommand } from './command.ts';

/**
 * `refig sandbox check`: proves the style track's sandbox works here (CI runs it inside the
 * Action container before scoring): every isolation property is listed; exit 0 when all hold,
 * 1 with what is wrong otherwise — never a silent fallback to an unsandboxed run.
 */
export const registerSandbox: RegisterCommand = (program, ctx, setExit) => {
  const sandbox = program.command('sandbox').description('the style-track sandbox (bubblewrap)');
  sandbox
    .command('check')
    .description(
      'run a probe in the sandbox and list the isolation it has; exit 1 if any is missing',
    )
    .addHelpText(
      'after',
      '\nIn a container, bubblewrap needs --security-opt seccomp=unconfined --security-opt apparmor=unconfined\n(see docs/SECURITY.md); action/docker-run.sh passes exactly these.\n',
    )
    .action(async () => {
      const checks = await checkSandbox(createBubblewrapSandbox(), process.arch);
      for (const c of checks)
        ctx.stdout.write(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}\n`);
      const failed = checks.filter((c) => !c.ok);
      if (failed.length > 0) {
        throw new FigboardError('the style sandbox does not isolate scripts here', {
          code: 'sandbox-check-failed',
          where: 'bubblewrap sandbox',
          expected: 'every isolation property above',
          got: `missing: ${failed.map((c) => c.name).join(', ')}`,
          hint: 'see docs/SECURITY.md: install bubblewrap; in a container pass --security-opt seccomp=unconfined --security-opt apparmor=unconfined',
        });
      }
      ctx.stdout.write('the style sandbox works here\n');
      setExit(0);
    });
};
