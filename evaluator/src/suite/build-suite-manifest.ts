import { join } from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import type { RefigTask } from '../schemas/task.schema.ts';
import { TRACKS } from '../tracks/registry.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { compareIds, listTaskFolders, loadSuite } from './load-suite.ts';
import { writeFileAtomic } from '../util/write-file-atomic.ts';

/** The hand-written part of a suite manifest; task list and statistics are computed. */
export type SuiteHeader = Pick<
  SuiteManifest,
  'name' | 'version' | 'track' | 'description' | 'licensePolicy'
> &
  Partial<Pick<SuiteManifest, 'redistributableOnly' | 'remote' | 'sample'>>;

/**
 * A complete `suite.json` for the given tasks: ids sorted, count, and the statistics of the
 * track (`Track.suite.manifestStats`; refig: Table 1 image statistics and the per-field rows of
 * Tables 9/10). Pure: same tasks, same manifest.
 */
export function buildSuiteManifest(
  header: SuiteHeader,
  tasks: readonly RefigTask[],
): SuiteManifest {
  const sorted = [...tasks].sort((a, b) => compareIds(a.id, b.id));
  const { imageStats, fieldStats } = TRACKS[header.track].suite.manifestStats(sorted);
  return SuiteManifest.parse({
    ...header,
    taskCount: sorted.length,
    tasks: sorted.map((t) => t.id),
    imageStats,
    fieldStats,
  });
}

/** Writes `suite.json` canonically (sorted keys, 2-space indent, final newline), atomically. */
export async function writeSuiteManifest(dir: string, manifest: SuiteManifest): Promise<void> {
  const path = join(dir, 'suite.json');
  await writeFileAtomic(path, `${stableStringify(SuiteManifest.parse(manifest), 2)}\n`);
}

/**
 * Recomputes a suite's task list and statistics from the task folders on disk (what
 * `refig suite build-stats` does). The manifest is rewritten only when every task loads without
 * errors; otherwise the problems are returned and nothing is written.
 */
export async function refreshSuiteManifest(
  dir: string,
): Promise<{ manifest: SuiteManifest | null; problems: Problem[]; written: boolean }> {
  const current = await loadSuite(dir, { verifyHashes: false });
  if (!current.manifest) return { manifest: null, problems: current.problems, written: false };
  const ids = await listTaskFolders(dir);
  const draft = { ...current.manifest, tasks: ids, taskCount: ids.length };
  const loaded = await loadSuite(dir, { manifest: draft, deep: true });
  const errors = loaded.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) return { manifest: null, problems: loaded.problems, written: false };
  const { tasks: _t, taskCount: _c, imageStats: _i, fieldStats: _f, ...header } = current.manifest;
  const manifest = buildSuiteManifest(
    header,
    loaded.tasks.map((t) => t.task),
  );
  await writeSuiteManifest(dir, manifest);
  return { manifest, problems: loaded.problems, written: true };
}
