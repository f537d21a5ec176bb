import { basename } from 'node:path';
import { UsageError } from '../errors/index.ts';

/** A job id doubles as a file name (`<outDir>/<id>.png`), so it may not contain a path. */
export const JOB_ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

/**
 * Refuses job ids that are not safe file names or that repeat (two jobs would overwrite one
 * PNG). This is a caller bug, not a bad deck, so it throws before any work starts.
 */
export function assertValidJobIds(ids: readonly string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (!JOB_ID_PATTERN.test(id)) {
      throw new UsageError('render job id is not a safe file name', {
        code: 'render-job-id',
        where: `render job ${JSON.stringify(id)}`,
        expected: `1-200 characters of [A-Za-z0-9._-], not starting with '.' or '-'`,
        got: JSON.stringify(id),
      });
    }
    if (seen.has(id)) {
      throw new UsageError('two render jobs share one id', {
        code: 'render-job-id',
        where: `render job ${JSON.stringify(id)}`,
        expected: 'unique ids (each names one PNG)',
        got: 'a duplicate',
        hint: 'derive ids with assignOutputNames()',
      });
    }
    seen.add(id);
  }
}

/**
 * Name of the private copy LibreOffice converts: the job's position plus a slug of its id. Only
 * `[a-z0-9-]`, never starting with `-` (soffice would read it as an option), unique by the index;
 * the original file name never reaches soffice's command line.
 */
export function safeInputName(index: number, id: string): string {
  const slug = id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `d${String(index).padStart(5, '0')}${slug ? `-${slug}` : ''}`;
}

/**
 * Output names for `refig render FILE…`: each file's base name without `.pptx`, reduced to
 * `[A-Za-z0-9._-]` (other characters become `_`, a leading `.`/`-` gets a `_` prefix). When two
 * inputs end up with the same name, the first in argument order keeps it and the later ones get
 * the lowest free `-2`, `-3`, … suffix — also skipping names another input has of its own, so
 * `a/x.pptx b/x.pptx x-2.pptx` gives `x`, `x-3`, `x-2`. Same arguments, same names.
 */
export function assignOutputNames(files: readonly string[]): string[] {
  const bases = files.map((f) => {
    let name = basename(f).replace(/\.pptx$/i, '');
    name = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 180);
    if (!name || /^[.-]/.test(name)) name = `_${name}`;
    return name;
  });
  const taken = new Set<string>();
  const claimedByOwner = new Set(bases);
  return bases.map((base) => {
    if (!taken.has(base)) {
      taken.add(base);
      return base;
    }
    for (let k = 2; ; k += 1) {
      const candidate = `${base}-${k}`;
      if (!taken.has(candidate) && !claimedByOwner.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
  });
}
