import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonl } from '../records/jsonl-file.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { writeFileAtomic } from '../util/write-file-atomic.ts';
import { listResultFiles } from './list-result-files.ts';
import { recordSchemaFor } from './record-schema-for.ts';
import { RESULT_FILES } from './results-layout.ts';

/**
 * Resume from an earlier results folder: copies the records (and renders) of the `keep` tasks
 * from `from` (e.g. the submission's committed `results/`) into `to`, so the evaluate pipeline
 * reuses every record whose inputs are unchanged, and `to` holds records of those tasks only (a
 * shard's output).
 */
export async function carryOverResults(
  from: string,
  to: string,
  keep: Set<string>,
  track: SubmissionManifest['track'] = 'refig',
): Promise<void> {
  const renders = `${RESULT_FILES.renders}/`;
  for (const rel of await listResultFiles(from)) {
    const schema = recordSchemaFor(rel, track);
    if (schema) {
      const { records } = await readJsonl(join(from, rel), schema);
      const kept = records.filter((r) => keep.has(r.task));
      if (kept.length === 0) continue;
      await mkdir(join(to, rel, '..'), { recursive: true });
      await writeFileAtomic(join(to, rel), kept.map((r) => `${stableStringify(r)}\n`).join(''));
    } else if (
      rel.startsWith(renders) &&
      keep.has(rel.slice(renders.length).replace(/\.png$/, ''))
    ) {
      await mkdir(join(to, RESULT_FILES.renders), { recursive: true });
      await cp(join(from, rel), join(to, rel));
    }
  }
}
