import { lstat, readFile } from 'node:fs/promises';
import type { Problem } from '../errors/problem.ts';
import {
  OWNERSHIP_MAX_BYTES,
  OwnershipRecord,
  type OwnershipRecord as OwnershipRecordType,
} from '../schemas/ownership.schema.ts';

/** The ownership record as read, and whether a file was there at all. */
export interface ReadOwnership {
  record: OwnershipRecordType;
  /** False when there is no ownership file (a fresh clone without merges): nobody owns anything. */
  present: boolean;
  problems: Problem[];
}

const EMPTY: OwnershipRecordType = { schemaVersion: 1, submissions: {} };

/**
 * Reads `submissions/OWNERSHIP.json` (see `OwnershipRecord`). Never throws for bad content: a
 * missing file is an empty record; a symlink, an oversized or invalid file is a problem naming
 * the file and the rule, and then nothing is treated as owned by anyone but the maintainers.
 */
export async function readOwnership(path: string, display: string): Promise<ReadOwnership> {
  const problem = (rule: string, message: string, got?: string): ReadOwnership => ({
    record: EMPTY,
    present: true,
    problems: [{ severity: 'error', rule, file: display, message, ...(got ? { got } : {}) }],
  });
  let info;
  try {
    info = await lstat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { record: EMPTY, present: false, problems: [] };
    return problem('ownership-unreadable', (err as Error).message);
  }
  if (!info.isFile())
    return problem('ownership-not-a-file', 'expected a regular file (not a link)');
  if (info.size > OWNERSHIP_MAX_BYTES)
    return problem(
      'ownership-too-large',
      `the ownership record is larger than ${OWNERSHIP_MAX_BYTES} bytes`,
      `${info.size} bytes`,
    );
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    return problem(
      'ownership-invalid-json',
      'the ownership record is not valid JSON',
      (err as Error).message,
    );
  }
  const parsed = OwnershipRecord.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
    return problem(
      'ownership-schema',
      'the ownership record does not match its schema',
      issues.join('; '),
    );
  }
  return { record: parsed.data, present: true, problems: [] };
}
