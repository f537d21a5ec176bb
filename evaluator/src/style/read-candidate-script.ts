import { lstat, readFile, realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { ARTIFACT_FILES } from '../validate/submission-rules.ts';

/** Largest candidate script accepted: the submission validator's limit for figure.py. */
export const MAX_SCRIPT_BYTES =
  ARTIFACT_FILES.style.find((f) => f.name === 'figure.py')?.maxBytes ?? 256 * 1024;

export type ScriptRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: 'missing' | 'invalid'; message: string };

/**
 * Reads a candidate script, refusing anything but a regular file of sane size: a symlink in a
 * pull request could otherwise point the sandbox at a file on the runner. With `within`, the
 * script's real path (all symlinked folders resolved) must also lie inside that folder.
 */
export async function readCandidateScript(
  path: string,
  shown: string = path,
  within?: string,
): Promise<ScriptRead> {
  let st;
  try {
    st = await lstat(path);
  } catch {
    return {
      ok: false,
      reason: 'missing',
      message: `${shown}: no figure.py for this task (a missing task scores 0)`,
    };
  }
  if (st.isSymbolicLink())
    return {
      ok: false,
      reason: 'invalid',
      message: `${shown}: figure.py is a symbolic link; commit the script itself`,
    };
  if (!st.isFile())
    return { ok: false, reason: 'invalid', message: `${shown}: figure.py is not a regular file` };
  if (st.size > MAX_SCRIPT_BYTES)
    return {
      ok: false,
      reason: 'invalid',
      message: `${shown}: figure.py is ${st.size} bytes; the limit is ${MAX_SCRIPT_BYTES}`,
    };
  if (within !== undefined) {
    const [real, root] = await Promise.all([realpath(path), realpath(within)]);
    if (!real.startsWith(root + sep))
      return {
        ok: false,
        reason: 'invalid',
        message: `${shown}: resolves outside the submission folder`,
      };
  }
  return { ok: true, bytes: await readFile(path) };
}
