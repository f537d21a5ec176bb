import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under `dir` with its bytes (the listing/OAI cache optional). */
export async function snapshot(dir: string, withCache = true): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (rel: string) => {
    for (const e of await readdir(join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (!withCache && p.startsWith('.orbit/cache')) continue;
      if (e.isDirectory()) await walk(p);
      else out[p] = (await readFile(join(dir, p))).toString('base64');
    }
  };
  await walk('');
  return out;
}
