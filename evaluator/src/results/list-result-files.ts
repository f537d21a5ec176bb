import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/**
 * Relative paths (POSIX) of the regular files under a results folder, sorted; empty when it does
 * not exist. Links and other non-regular entries are not listed.
 */
export async function listResultFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries.sort((a, b) => compareCodeUnits(a.name, b.name))) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listResultFiles(dir, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}
