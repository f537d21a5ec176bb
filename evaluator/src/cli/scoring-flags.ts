import { Option } from 'commander';
import { UsageError } from '../errors/index.ts';
import type { SandboxRequest } from '../render/bubblewrap.ts';
import { intFlag } from './int-flag.ts';

// The flags of the commands that run LibreOffice or call judges, defined and parsed in one place
// so `refig audit`, `render`, `score` and `evaluate` cannot describe or check them differently.

/** `--sandbox <mode>`, as every command that runs LibreOffice takes it (audit, render, score, evaluate). */
export function sandboxOption(): Option {
  return new Option(
    '--sandbox <mode>',
    'auto | bwrap | none: run LibreOffice under bubblewrap without network (auto: when it works here)',
  ).default('auto');
}

/** `--seed <n>`, as every command that can call LLM judges takes it (score, evaluate). */
export function seedOption(): Option {
  return new Option('--seed <n>', 'seed of the retry jitter (LLM judges)').default('1');
}

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

/** Parses `--seed` (0…2^31), or throws a usage error naming the range. */
export function seedFlag(value: string): number {
  return intFlag('--seed', value, 0, 2 ** 31);
}
