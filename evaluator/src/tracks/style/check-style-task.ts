import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../../errors/problem.ts';
import { StyleTask } from '../../schemas/style-task.schema.ts';
import type { SuiteManifest } from '../../schemas/suite.schema.ts';
import { readSuiteTaskJson } from '../../suite/read-json-file.ts';
import { TASK_JSON_MAX_BYTES } from '../../suite/task-file-limits.ts';
import { checkDataTable } from '../../target-data/check-data-table.ts';
import { DATA_TABLE_LIMITS, parseCsv } from '../../target-data/data-table.ts';
import { variationRuleProblems } from '../../target-data/variation-menu.ts';
import { compareCodeUnits as compareIds } from '../../util/compare-code-units.ts';
import { sha256File } from '../../util/sha256.ts';
import type { TrackTaskLoader } from '../track.ts';

/**
 * How a style suite checks one task folder (`loadSuite`): each `task.json` against the
 * `StyleTask` schema and every file it lists against its SHA-256 (sealed files absent from a
 * public checkout aside). The style track loads the files itself; a task.json that parsed goes
 * to `styleTasks`.
 */
export const STYLE_TASK_LOADER: TrackTaskLoader = {
  async loadTask(load, into) {
    const sealedNames = new Set(Object.keys(load.sealed.bundle?.tasks[load.id] ?? {}));
    const style = await checkStyleTask(
      load.id,
      load.dir,
      load.manifest,
      load.verifyHashes,
      load.problems,
      sealedNames,
    );
    if (style) into.styleTasks.push(style);
  },
};

/**
 * Licenses a committed style task may carry (redistribution allowed): SPDX ids of the permissive
 * licenses plus the Matplotlib License (PSF-based), the license of the Matplotlib gallery.
 */
export const REDISTRIBUTABLE_STYLE_LICENSES: ReadonlySet<string> = new Set([
  'MIT',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'PSF-2.0',
  'Matplotlib License',
]);

/**
 * A style task: `task.json` valid, id = folder, every listed file present with its hash, and — in
 * a suite committed with redistributable tasks only — a license that allows redistribution and,
 * for code taken from a repository, where it came from (URL, repository, path, commit, license URL).
 */
async function checkStyleTask(
  id: string,
  dir: string,
  manifest: SuiteManifest,
  verifyHashes: boolean,
  problems: Problem[],
  sealedNames: ReadonlySet<string>,
): Promise<StyleTask | null> {
  const taskFile = join(dir, 'task.json');
  const task = await readSuiteTaskJson(id, taskFile, StyleTask, TASK_JSON_MAX_BYTES, problems);
  if (!task) return null;
  for (const [name, expected] of Object.entries(task.files).sort(([a], [b]) => compareIds(a, b))) {
    const file = join(dir, name);
    const info = await lstat(file).catch(() => null);
    // Sealed (evaluator-only) files are absent from a public checkout by design; their hashes
    // are checked by the trusted job, which holds the key.
    if (!info && sealedNames.has(name)) continue;
    if (!info) {
      problems.push({
        severity: 'error',
        rule: 'task-file-missing',
        file,
        message: `task "${id}": ${name} is listed in task.json but missing`,
      });
      continue;
    }
    if (!info.isFile()) {
      problems.push({
        severity: 'error',
        rule: 'task-file-not-a-file',
        file,
        message: `task "${id}": ${name} must be a regular file`,
      });
      continue;
    }
    if (verifyHashes) {
      const actual = await sha256File(file);
      if (actual !== expected) {
        problems.push({
          severity: 'error',
          rule: 'task-file-hash-mismatch',
          file,
          message: `task "${id}": ${name} SHA-256 does not match task.json`,
          expected,
          got: actual,
        });
      }
    }
  }
  if (manifest.redistributableOnly) checkStyleLicense(task, taskFile, problems);
  if (task.data) await checkStyleData(task, dir, problems);
  return task;
}

/**
 * A style task that declares its data layout: both CSVs pass the data checks (row width, role
 * coverage, finite and plausible values, complete grids) and the recorded variation keeps the
 * Table 4 rules (1–3 applicable dimensions, never a label swap alone).
 */
async function checkStyleData(task: StyleTask, dir: string, problems: Problem[]): Promise<void> {
  const spec = task.data!.spec;
  for (const name of ['data.csv', 'reference_data.csv']) {
    const file = join(dir, name);
    let text: string;
    try {
      const info = await lstat(file);
      if (!info.isFile() || info.size > DATA_TABLE_LIMITS.maxBytes) continue; // reported above or refused by size
      text = await readFile(file, 'utf8');
    } catch {
      continue; // a missing listed file is reported by the hash check; an unlisted one is optional
    }
    try {
      problems.push(...checkDataTable(spec, parseCsv(text, file), file, task.id));
    } catch (err) {
      problems.push({
        severity: 'error',
        rule: 'data-csv-syntax',
        file,
        message: `task "${task.id}": ${(err as Error).message}`,
      });
    }
  }
  const variation = task.data!.variation;
  if (variation)
    for (const broken of variationRuleProblems(spec, variation.dimensions))
      problems.push({
        severity: 'error',
        rule: 'variation-rules',
        file: join(dir, 'task.json'),
        message: `task "${task.id}": the recorded variation breaks a rule: ${broken}`,
      });
}

function checkStyleLicense(task: StyleTask, file: string, problems: Problem[]): void {
  const p = task.provenance;
  if (!REDISTRIBUTABLE_STYLE_LICENSES.has(p.license) || p.redistributable === false)
    problems.push({
      severity: 'error',
      rule: 'license-not-redistributable',
      file,
      message: `task "${task.id}" has a license that does not allow redistribution, but this suite is committed with redistributable tasks only`,
      expected: [...REDISTRIBUTABLE_STYLE_LICENSES].join(' | '),
      got: p.redistributable === false ? `${p.license} (redistributable: false)` : p.license,
      hint: 'withhold the task, or take the reference from permissively licensed code',
    });
  if (p.kind === 'repository') {
    const missing = (['url', 'repository', 'path', 'commit', 'licenseUrl'] as const).filter(
      (k) => !p[k],
    );
    if (missing.length > 0)
      problems.push({
        severity: 'error',
        rule: 'provenance-incomplete',
        file,
        message: `task "${task.id}" comes from a repository but its provenance lacks ${missing.join(', ')}`,
        expected: 'url, repository, path, commit and licenseUrl',
        got: `missing ${missing.join(', ')}`,
      });
  }
}
