import { ArchiveError } from './archive-error.ts';
import type { ArchiveLimits } from './archive-limits.ts';

/**
 * Turns an entry name from an archive into a safe relative POSIX path, or refuses it.
 * Refused: absolute paths, drive letters, `..` segments, backslashes, NUL and control
 * characters, and names beyond the length / depth limits. `./` prefixes and repeated slashes are
 * normalised away. The result can be joined to an extraction folder without escaping it.
 */
export function safeEntryPath(
  name: string,
  limits: Pick<ArchiveLimits, 'maxPathLength' | 'maxDepth'>,
  where?: string,
): string {
  const refuse = (why: string) =>
    new ArchiveError('archive-unsafe-path', `unsafe entry path: ${why}`, {
      where,
      expected: 'a relative path inside the archive',
      got: JSON.stringify(name.slice(0, 200)),
    });
  if (Buffer.byteLength(name) > limits.maxPathLength)
    throw refuse(`longer than ${limits.maxPathLength} bytes`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw refuse('control character in the name');
  if (name.includes('\\')) throw refuse('backslash in the name');
  if (name.startsWith('/')) throw refuse('absolute path');
  if (/^[A-Za-z]:/.test(name)) throw refuse('drive letter');
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) throw refuse('".." segment (path traversal)');
  if (segments.length === 0) throw refuse('empty name');
  if (segments.length > limits.maxDepth) throw refuse(`deeper than ${limits.maxDepth} folders`);
  return segments.join('/');
}
