import { cp, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonl } from '@figboard/evaluator/records';
import { stableStringify } from '@figboard/evaluator/util';
import { writeFileAtomic } from '@figboard/evaluator/util';
import type { z } from 'zod';
import { ArtifactRecord } from '@figboard/evaluator/schemas';
import { EffortRecord } from '@figboard/evaluator/schemas';
import { JudgmentRecord } from '@figboard/evaluator/schemas';
import { StyleJudgmentRecord } from '@figboard/evaluator/schemas';
import { StyleRecord } from '@figboard/evaluator/schemas';

/**
 * The record schema of a file under `results/`, by its path (one record per task in each), or
 * null for files that are not per-task JSONL records (renders, summary.json). A style entry's
 * `judgments/` hold the LLM vision channel's `StyleJudgmentRecord`s.
 */
export function recordSchemaFor(
  rel: string,
  track: 'refig' | 'style' = 'refig',
): z.ZodType<{ task: string }> | null {
  if (rel === 'artifacts.jsonl') return ArtifactRecord;
  if (rel === 'effort.jsonl') return EffortRecord;
  if (rel === 'style.jsonl') return StyleRecord;
  if (/^judgments\/[^/]+\/run-\d+\.jsonl$/.test(rel))
    return track === 'style' ? StyleJudgmentRecord : JudgmentRecord;
  return null;
}

/**
 * Copies the records (and renders) of the `keep` tasks from an earlier results folder (the
 * submission's committed `results/`) into `to`, so the evaluate pipeline reuses every record
 * whose inputs are unchanged, and `to` holds records of those tasks only (a shard's output).
 */
export async function carryOverResults(
  from: string,
  to: string,
  keep: Set<string>,
  track: 'refig' | 'style' = 'refig',
): Promise<void> {
  for (const rel of await listFiles(from)) {
    const schema = recordSchemaFor(rel, track);
    if (schema) {
      const { records } = await readJsonl(join(from, rel), schema);
      const kept = records.filter((r) => keep.has(r.task));
      if (kept.length === 0) continue;
      await mkdir(join(to, rel, '..'), { recursive: true });
      await writeFileAtomic(join(to, rel), kept.map((r) => `${stableStringify(r)}\n`).join(''));
    } else if (
      rel.startsWith('renders/') &&
      keep.has(rel.slice('renders/'.length).replace(/\.png$/, ''))
    ) {
      await mkdir(join(to, 'renders'), { recursive: true });
      await cp(join(from, rel), join(to, rel));
    }
  }
}

/** Relative paths of the regular files under `dir` (sorted; empty when `dir` does not exist). */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}
