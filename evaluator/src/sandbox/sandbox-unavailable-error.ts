import { FigboardError } from '../errors/index.ts';

/**
 * The sandbox itself could not start (bubblewrap missing, user namespaces disabled, a bind
 * source unreadable). This is an infrastructure problem, never the candidate's fault, so it is
 * thrown instead of being recorded as a failed task with score 0.
 */
export class SandboxUnavailableError extends FigboardError {
  constructor(
    message: string,
    details: { where?: string; got?: string; hint?: string; cause?: unknown } = {},
  ) {
    super(message, {
      code: 'sandbox-unavailable',
      expected: 'bubblewrap (bwrap) able to create user, pid and network namespaces',
      hint:
        details.hint ??
        'install bubblewrap with scripts/install-system.sh; inside Docker run with --security-opt seccomp=unconfined (or --privileged) so namespaces can be created',
      ...details,
    });
  }
}
