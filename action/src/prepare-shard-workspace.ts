import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonl } from '@figboard/evaluator/records/jsonl-file.ts';
import { parseDocument } from 'yaml';
import { stableStringify } from '@figboard/evaluator/util/stable-stringify.ts';
import { recordSchemaFor } from './result-files.ts';

export interface ShardWorkspace {
  submissionDir: string;
  suiteDir: string;
}

/**
 * A private copy of one submission and its suite reduced to the shard's tasks, so the unchanged
 * evaluate pipeline scores exactly those tasks: `suite.json` lists only them, the task folders
 * and artifacts of other shards are absent, and earlier results are carried over for these tasks
 * only (so a re-run resumes, and no shard ever emits another shard's records).
 */
export async function prepareShardWorkspace(opts: {
  submissionDir: string;
  suiteDir: string;
  id: string;
  tasks: readonly string[];
  workDir: string;
  /** For `archive: {url, sha256}` submissions: the folder the validator unpacked the verified archive into. */
  archiveDir?: string | null;
}): Promise<ShardWorkspace> {
  const keep = new Set(opts.tasks);
  const suiteJson = JSON.parse(await readFile(join(opts.suiteDir, 'suite.json'), 'utf8')) as {
    name: string;
    tasks: string[];
    taskCount: number;
  };
  const suiteDir = join(opts.workDir, 'suites', suiteJson.name);
  await mkdir(suiteDir, { recursive: true });
  const tasks = suiteJson.tasks.filter((t) => keep.has(t));
  await writeFile(
    join(suiteDir, 'suite.json'),
    `${JSON.stringify({ ...suiteJson, tasks, taskCount: tasks.length }, null, 2)}\n`,
  );
  for (const t of tasks)
    await cp(join(opts.suiteDir, t), join(suiteDir, t), {
      recursive: true,
      verbatimSymlinks: true,
    }).catch(() => {});

  const submissionDir = join(opts.workDir, 'submissions', opts.id);
  await mkdir(join(submissionDir, 'artifacts'), { recursive: true });
  for (const f of ['submission.yml', 'SHA256SUMS', 'README.md'])
    await cp(join(opts.submissionDir, f), join(submissionDir, f)).catch(() => {});
  const artifactsFrom = opts.archiveDir
    ? join(opts.archiveDir, 'artifacts')
    : join(opts.submissionDir, 'artifacts');
  for (const t of tasks) {
    // verbatimSymlinks: a link stays a link, and the pipeline treats it as a missing artifact.
    await cp(join(artifactsFrom, t), join(submissionDir, 'artifacts', t), {
      recursive: true,
      verbatimSymlinks: true,
    }).catch(() => {});
  }
  if (opts.archiveDir) {
    // The artifacts are now inline in the workspace (verified against archive.sha256 by the
    // validator), so the workspace's manifest drops `archive` and the pipeline reads the files.
    const doc = parseDocument(await readFile(join(opts.submissionDir, 'submission.yml'), 'utf8'));
    doc.delete('archive');
    await writeFile(join(submissionDir, 'submission.yml'), String(doc));
  }
  await carryOverResults(join(opts.submissionDir, 'results'), join(submissionDir, 'results'), keep);
  return { submissionDir, suiteDir };
}

/** Copies earlier records (and renders) of the kept tasks, so unchanged work is reused. */
async function carryOverResults(from: string, to: string, keep: Set<string>): Promise<void> {
  const files = await listFiles(from);
  for (const rel of files) {
    const schema = recordSchemaFor(rel);
    if (schema) {
      const { records } = await readJsonl(join(from, rel), schema);
      const kept = records.filter((r) => keep.has((r as { task: string }).task));
      if (kept.length === 0) continue;
      await mkdir(join(to, rel, '..'), { recursive: true });
      await writeFile(join(to, rel), kept.map((r) => `${stableStringify(r)}\n`).join(''));
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
