import { UsageError } from '../errors/index.ts';
import type { SandboxRequest } from '../render/bubblewrap.ts';

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
