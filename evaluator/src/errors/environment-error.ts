import { FigboardError, type ErrorDetails } from './figboard-error.ts';

/**
 * The machine failed, not the submission: a full disk, too many open files, no memory, a
 * LibreOffice that cannot render even the built-in control deck, a process killed from outside.
 * Never written as a score: the run stops with this error (the CLI exits 75, "try again
 * later"), everything recorded before it stays, and a re-run on a healthy machine continues
 * where it stopped and ends with the bytes of an uninterrupted run.
 */
export class EnvironmentError extends FigboardError {
  constructor(message: string, details: Partial<ErrorDetails> & { code: string }) {
    super(message, details);
  }
}

/** errno codes that mean "the environment ran out of something", with what to say. */
const ENV_ERRNO: Record<string, { code: string; what: string; hint: string }> = {
  ENOSPC: {
    code: 'environment-disk-full',
    what: 'the disk is full',
    hint: 'free some space and run the same command again: it resumes where it stopped',
  },
  EDQUOT: {
    code: 'environment-disk-full',
    what: 'the disk quota is exhausted',
    hint: 'free some space and run the same command again: it resumes where it stopped',
  },
  EMFILE: {
    code: 'environment-too-many-files',
    what: 'the process ran out of file descriptors',
    hint: 'raise the open-files limit (ulimit -n) or use fewer --workers, then run again',
  },
  ENFILE: {
    code: 'environment-too-many-files',
    what: 'the system ran out of file descriptors',
    hint: 'close other programs or use fewer --workers, then run again',
  },
  ENOMEM: {
    code: 'environment-out-of-memory',
    what: 'the system ran out of memory',
    hint: 'use fewer --workers or free memory, then run again',
  },
  EIO: {
    code: 'environment-io-error',
    what: 'the disk reported an input/output error',
    hint: 'check the disk, then run again',
  },
  EROFS: {
    code: 'environment-read-only',
    what: 'the file system is read-only',
    hint: 'write the results somewhere writable (--out DIR)',
  },
};

/**
 * An EnvironmentError for a Node system error whose errno code is an environment failure
 * (ENOSPC, EDQUOT, EMFILE, ENFILE, ENOMEM, EIO, EROFS), or null for anything else. `doing`
 * says what was being done ("writing results/artifacts.jsonl").
 */
export function environmentErrorFrom(err: unknown, doing?: string): EnvironmentError | null {
  if (err instanceof EnvironmentError) return err;
  const errno = (err as NodeJS.ErrnoException | null)?.code;
  const known = typeof errno === 'string' ? ENV_ERRNO[errno] : undefined;
  if (!known) return null;
  const path = (err as NodeJS.ErrnoException).path;
  return new EnvironmentError(`${known.what} (${errno})${doing ? ` while ${doing}` : ''}`, {
    code: known.code,
    where: path,
    hint: known.hint,
    cause: err,
  });
}

/** Whether a text (a tool's stderr) reports an environment failure, and which. */
export function environmentFailureInText(text: string): string | null {
  if (/No space left on device|Disk quota exceeded/i.test(text)) return 'ENOSPC';
  if (/Too many open files/i.test(text)) return 'EMFILE';
  if (/Cannot allocate memory|std::bad_alloc|out of memory/i.test(text)) return 'ENOMEM';
  return null;
}
