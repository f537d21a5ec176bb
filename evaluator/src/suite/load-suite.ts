import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import { StyleTask } from '../schemas/style-task.schema.ts';
import { RefigTask, Truth } from '../schemas/task.schema.ts';
import { checkDataTable } from '../target-data/check-data-table.ts';
import { DATA_TABLE_LIMITS, parseCsv } from '../target-data/data-table.ts';
import { variationRuleProblems } from '../target-data/variation-menu.ts';
import { sha256File } from '../util/sha256.ts';
import { checkTruthGeometry } from './check-truth-geometry.ts';
import { probeImage } from './probe-image.ts';
import { parseJsonText, readJsonFile } from './read-json-file.ts';
import type { NotScoredCode } from '../schemas/not-scored.schema.ts';
import { openTaskMaterial } from './sealed-access.ts';
import { SealedBundle } from './sealed-bundle.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/** Upper bounds for the small JSON files of a suite; anything larger is refused, not read. */
export const SUITE_JSON_MAX_BYTES = 16 * 1024 * 1024;
const SEALED_JSON_MAX_BYTES = 64 * 1024 * 1024;
/** The sealed scoring material of a suite (`refig suite seal`), beside `suite.json`. */
export const SEALED_FILE = 'sealed.json';
export const TASK_JSON_MAX_BYTES = 1024 * 1024;
export const TRUTH_JSON_MAX_BYTES = 16 * 1024 * 1024;

/** One task that loaded cleanly: its folder, parsed `task.json`, image path and truth. */
export interface LoadedTask {
  id: string;
  /** The task folder (absolute when the suite dir was absolute). */
  dir: string;
  task: RefigTask;
  /** Path of the source image (`task.image.file` inside `dir`). */
  imagePath: string;
  /** Parsed `truth.json`, or null when the task has none. */
  truth: Truth | null;
  truthPath: string | null;
  /**
   * The task belongs to the suite's hidden split: its scoring material is in `sealed.json`.
   * Published records of a hidden task keep totals only (`redactHiddenJudgment`).
   */
  hidden: boolean;
  /**
   * Why the task cannot be scored in this run (its truth is sealed and the key is absent, wrong,
   * or the bundle damaged), or null. Such a task is listed and never scored, not even as 0.
   */
  notScored: NotScoredCode | null;
}

/** What `loadSuite` returns: the manifest, every task that loaded, and every problem found. */
export interface LoadedSuite {
  dir: string;
  /** Where the task folders were read from (differs from `dir` for a fetched remote suite). */
  tasksDir: string;
  manifest: SuiteManifest | null;
  /** Tasks without errors, in manifest order. A broken task is left out and reported. */
  tasks: LoadedTask[];
  /** Every listed task folder, loaded or not (style suites: the only per-task output). */
  taskDirs: { id: string; dir: string }[];
  /** Style suites: every task.json that parsed, in manifest order. */
  styleTasks: StyleTask[];
  /** The suite's sealed scoring material (`sealed.json`), or null when it has none. */
  sealed: SealedBundle | null;
  /** True when `sealed.json` exists but cannot be read (its problems are in `problems`). */
  sealedBroken: boolean;
  problems: Problem[];
  /** True when no problem is an error. */
  ok: boolean;
}

export interface LoadSuiteOptions {
  /** Re-hash every image and compare with `task.json` (default true). */
  verifyHashes?: boolean;
  /** Also read each image's header and compare format and dimensions (what `suite verify` does). */
  deep?: boolean;
  /** Folder holding the task folders; default `dir`. Used for fetched remote suites. */
  tasksDir?: string;
  /** Use this manifest instead of reading `suite.json` (e.g. while rebuilding it). */
  manifest?: SuiteManifest;
  /**
   * The suite key that opens `sealed.json` (refig track: sealed `truth.json` is opened and
   * checked like a plain one). Without it a task whose truth is sealed still loads, with
   * `notScored` saying why it cannot be scored.
   */
  suiteKey?: Buffer | null;
}

/**
 * Loads a task suite: `suite.json`, then every task folder it lists (`task.json`, the image,
 * the optional `truth.json`). Problems are collected, never thrown: each names the file, the
 * rule, and what was expected and found, and a broken task never hides the others — it is
 * simply left out of `tasks`. Image SHA-256 hashes are checked on load.
 *
 * Style-track suites: each `task.json` is checked against the `StyleTask` schema and every file
 * it lists against its SHA-256; the style track loads the files itself, so only `taskDirs` is
 * filled for them.
 */
export async function loadSuite(dir: string, options: LoadSuiteOptions = {}): Promise<LoadedSuite> {
  const verifyHashes = options.verifyHashes ?? true;
  const tasksDir = options.tasksDir ?? dir;
  const problems: Problem[] = [];
  const tasks: LoadedTask[] = [];
  const taskDirs: { id: string; dir: string }[] = [];
  const styleTasks: StyleTask[] = [];
  let sealed: SealedBundle | null = null;
  let sealedBroken = false;
  const result = (manifest: SuiteManifest | null): LoadedSuite => ({
    dir,
    tasksDir,
    manifest,
    tasks,
    taskDirs,
    styleTasks,
    sealed,
    sealedBroken,
    problems,
    ok: !problems.some((p) => p.severity === 'error'),
  });

  let manifest: SuiteManifest | null = options.manifest ?? null;
  if (!manifest) {
    const manifestRead = await readJsonFile(
      join(dir, 'suite.json'),
      join(dir, 'suite.json'),
      SuiteManifest,
      'suite-json',
      SUITE_JSON_MAX_BYTES,
    );
    problems.push(...manifestRead.problems);
    manifest = manifestRead.value ?? null;
  }
  if (!manifest) return result(null);
  checkManifest(manifest, join(dir, 'suite.json'), problems);

  if (manifest.remote && tasksDir === dir) {
    problems.push({
      severity: 'error',
      rule: 'suite-remote-not-fetched',
      file: join(dir, 'suite.json'),
      message: `the tasks of this suite live in a remote archive (${manifest.remote.url})`,
      hint: 'fetch it first: refig suite fetch DIR (the archive is verified by its SHA-256 and cached)',
    });
    return result(manifest);
  }

  // Sealed scoring material: files a task lists may live only there (read with the suite key).
  const sealedPath = join(dir, SEALED_FILE);
  if (await lstat(sealedPath).catch(() => null)) {
    const read = await readJsonFile(
      sealedPath,
      sealedPath,
      SealedBundle,
      'sealed-json',
      SEALED_JSON_MAX_BYTES,
    );
    problems.push(...read.problems);
    sealed = read.value ?? null;
    sealedBroken = sealed === null;
    if (sealed && sealed.suite !== manifest.name) {
      sealedBroken = true;
      sealed = null;
      problems.push({
        severity: 'error',
        rule: 'sealed-suite-mismatch',
        file: sealedPath,
        message: 'sealed.json was sealed for another suite',
        expected: manifest.name,
        got: read.value!.suite,
      });
    }
  }

  // Task folders present on disk but not listed would silently drop out of every mean.
  const onDisk = await listTaskFolders(tasksDir);
  const listed = new Set(manifest.tasks);
  for (const id of onDisk) {
    if (!listed.has(id)) {
      problems.push({
        severity: 'error',
        rule: 'suite-task-unlisted',
        file: join(tasksDir, id, 'task.json'),
        message: `task folder "${id}" is not listed in suite.json`,
        hint: 'add it to "tasks" (refig suite build-stats DIR rewrites the list) or remove the folder',
      });
    }
  }

  for (const id of manifest.tasks) {
    const taskDir = join(tasksDir, id);
    taskDirs.push({ id, dir: taskDir });
    if (manifest.track === 'style') {
      const sealedNames = new Set(Object.keys(sealed?.tasks[id] ?? {}));
      const style = await checkStyleTask(
        id,
        taskDir,
        manifest,
        verifyHashes,
        problems,
        sealedNames,
      );
      if (style) styleTasks.push(style);
      continue;
    }
    const loaded = await loadRefigTask(
      id,
      taskDir,
      manifest,
      {
        verifyHashes,
        deep: options.deep ?? false,
        sealed: {
          bundle: sealed,
          broken: sealedBroken,
          key: options.suiteKey ?? null,
          path: sealedPath,
        },
      },
      problems,
    );
    if (loaded) tasks.push(loaded);
  }
  return result(manifest);
}

function checkManifest(manifest: SuiteManifest, file: string, problems: Problem[]): void {
  if (manifest.taskCount !== manifest.tasks.length) {
    problems.push({
      severity: 'error',
      rule: 'suite-task-count',
      file,
      message: '"taskCount" does not match the number of listed tasks',
      expected: String(manifest.tasks.length),
      got: String(manifest.taskCount),
    });
  }
  const seen = new Set<string>();
  for (const id of manifest.tasks) {
    if (seen.has(id))
      problems.push({
        severity: 'error',
        rule: 'suite-task-duplicate',
        file,
        message: `task "${id}" is listed twice`,
      });
    seen.add(id);
  }
  const sorted = [...manifest.tasks].sort(compareIds);
  if (sorted.some((id, i) => id !== manifest.tasks[i])) {
    problems.push({
      severity: 'error',
      rule: 'suite-tasks-order',
      file,
      message:
        '"tasks" must be in canonical (sorted) order so every run visits tasks in the same order',
      hint: 'refig suite build-stats DIR rewrites the list sorted',
    });
  }
}

/** Canonical task order: the one code-unit comparison (locale independent). */
export const compareIds = compareCodeUnits;

/** Sub-folders of `dir` that contain a `task.json`, sorted. */
export async function listTaskFolders(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.')) continue;
    try {
      await lstat(join(dir, e.name, 'task.json'));
      out.push(e.name);
    } catch {
      // not a task folder (README assets, scripts): ignored
    }
  }
  return out.sort(compareIds);
}

async function loadRefigTask(
  id: string,
  dir: string,
  manifest: SuiteManifest,
  opts: {
    verifyHashes: boolean;
    deep: boolean;
    sealed: { bundle: SealedBundle | null; broken: boolean; key: Buffer | null; path: string };
  },
  problems: Problem[],
): Promise<LoadedTask | null> {
  const before = problems.length;
  const taskFile = join(dir, 'task.json');
  const read = await readJsonFile(taskFile, taskFile, RefigTask, 'task-json', TASK_JSON_MAX_BYTES);
  if (!read.exists && read.problems[0]?.rule === 'task-json-missing') {
    problems.push({
      ...read.problems[0],
      rule: 'suite-task-missing',
      message: `task "${id}" is listed in suite.json but its task.json is missing`,
    });
    return null;
  }
  problems.push(...read.problems);
  const task = read.value;
  if (!task) return null;
  if (task.id !== id) {
    problems.push({
      severity: 'error',
      rule: 'task-id-mismatch',
      file: taskFile,
      message: '"id" must equal the folder name',
      expected: id,
      got: task.id,
    });
  }
  if (manifest.redistributableOnly && !task.license.redistributable) {
    problems.push({
      severity: 'error',
      rule: 'license-not-redistributable',
      file: taskFile,
      message: `task "${id}" has a license that does not allow redistribution, but this suite is committed with redistributable images only`,
      expected: 'license.redistributable = true',
      got: task.license.name,
      hint: 'withhold the image: keep only its provenance record (ReFigBench Appendix D release plan)',
    });
  }

  // The image: a regular file whose bytes hash to the recorded SHA-256.
  const imagePath = join(dir, task.image.file);
  let imageOk = false;
  try {
    const info = await lstat(imagePath);
    if (!info.isFile()) {
      problems.push({
        severity: 'error',
        rule: 'image-not-a-file',
        file: imagePath,
        message: `task "${id}": the image must be a regular file`,
        got: info.isSymbolicLink() ? 'symbolic link' : 'not a file',
      });
    } else if (info.size !== task.image.bytes) {
      problems.push({
        severity: 'error',
        rule: 'image-bytes-mismatch',
        file: imagePath,
        message: `task "${id}": image size differs from task.json`,
        expected: `${task.image.bytes} bytes`,
        got: `${info.size} bytes`,
      });
      imageOk = true; // still hash it, so the report names both hashes
    } else imageOk = true;
  } catch {
    problems.push({
      severity: 'error',
      rule: 'image-missing',
      file: imagePath,
      message: `task "${id}": image ${task.image.file} is missing`,
    });
  }
  if (imageOk && opts.verifyHashes) {
    const actual = await sha256File(imagePath);
    if (actual !== task.image.sha256) {
      problems.push({
        severity: 'error',
        rule: 'image-hash-mismatch',
        file: imagePath,
        message: `task "${id}": image SHA-256 does not match task.json (the image was changed or corrupted)`,
        expected: task.image.sha256,
        got: actual,
        hint: 'restore the original image, or rebuild the task so its provenance records the new bytes',
      });
    }
  }
  if (imageOk && opts.deep) {
    try {
      const probed = await probeImage(imagePath, task.image.file);
      for (const key of ['format', 'width', 'height'] as const) {
        if (probed[key] !== task.image[key]) {
          problems.push({
            severity: 'error',
            rule: `image-${key}-mismatch`,
            file: imagePath,
            message: `task "${id}": image ${key} differs from task.json`,
            expected: String(task.image[key]),
            got: String(probed[key]),
          });
        }
      }
      const ext = task.image.file.endsWith('.png') ? 'png' : 'jpeg';
      if (ext !== probed.format) {
        problems.push({
          severity: 'error',
          rule: 'image-extension',
          file: imagePath,
          message: `task "${id}": file extension does not match the image format`,
          expected: ext,
          got: probed.format,
        });
      }
    } catch (err) {
      problems.push({
        severity: 'error',
        rule: 'image-unreadable',
        file: imagePath,
        message: `task "${id}": ${(err as Error).message}`,
      });
    }
  }

  // truth.json must exist exactly when task.json says so — in the folder, or sealed.
  const truthPath = join(dir, 'truth.json');
  let truth: Truth | null = null;
  let notScored: NotScoredCode | null = null;
  const hidden = opts.sealed.bundle?.tasks[id] !== undefined;
  const truthOnDisk = (await lstat(truthPath).catch(() => null)) !== null;
  if (task.hasTruth && !truthOnDisk && (opts.sealed.broken || hidden)) {
    if (!opts.sealed.broken && !opts.sealed.bundle?.tasks[id]?.['truth.json']) {
      problems.push({
        severity: 'error',
        rule: 'truth-missing',
        file: truthPath,
        message: `task "${id}" says hasTruth=true but truth.json is neither in the folder nor sealed`,
      });
    } else {
      // A hidden task: its truth lives only in sealed.json (opened in memory, never written).
      const material = openTaskMaterial(
        opts.sealed.bundle,
        id,
        opts.sealed.key,
        opts.sealed.path,
        opts.sealed.broken,
      );
      if (!material.ok) notScored = material.code;
      else {
        const bytes = material.files.get('truth.json')!;
        const t = parseJsonText(
          bytes.toString('utf8'),
          `${truthPath} (sealed)`,
          Truth,
          'truth-json',
        );
        problems.push(...t.problems);
        if (t.value) truth = checkTruth(t.value, task, `${truthPath} (sealed)`, id, problems);
      }
    }
  } else if (task.hasTruth) {
    const t = await readJsonFile(truthPath, truthPath, Truth, 'truth-json', TRUTH_JSON_MAX_BYTES);
    if (!t.exists) {
      problems.push({
        severity: 'error',
        rule: 'truth-missing',
        file: truthPath,
        message: `task "${id}" says hasTruth=true but truth.json is missing`,
      });
    } else problems.push(...t.problems);
    if (t.value) truth = checkTruth(t.value, task, truthPath, id, problems);
  } else if (truthOnDisk) {
    problems.push({
      severity: 'error',
      rule: 'truth-unexpected',
      file: truthPath,
      message: `task "${id}" has a truth.json but task.json says hasTruth=false`,
      hint: 'set "hasTruth": true',
    });
  }

  if (problems.slice(before).some((p) => p.severity === 'error')) return null;
  return {
    id,
    dir,
    task,
    imagePath,
    truth,
    truthPath: truth ? truthPath : null,
    hidden,
    notScored,
  };
}

/** A parsed truth must be annotated on the task's image size and stay inside it. */
function checkTruth(
  truth: Truth,
  task: RefigTask,
  truthPath: string,
  id: string,
  problems: Problem[],
): Truth {
  if (truth.width !== task.image.width || truth.height !== task.image.height) {
    problems.push({
      severity: 'error',
      rule: 'truth-size-mismatch',
      file: truthPath,
      message: `task "${id}": truth.json is annotated on a different image size`,
      expected: `${task.image.width}×${task.image.height}`,
      got: `${truth.width}×${truth.height}`,
    });
  }
  problems.push(...checkTruthGeometry(truth, task.image.width, task.image.height, truthPath, id));
  return truth;
}

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
  const read = await readJsonFile(taskFile, taskFile, StyleTask, 'task-json', TASK_JSON_MAX_BYTES);
  if (!read.exists && read.problems[0]?.rule === 'task-json-missing') {
    problems.push({
      ...read.problems[0],
      rule: 'suite-task-missing',
      message: `task "${id}" is listed in suite.json but its task.json is missing`,
    });
    return null;
  }
  problems.push(...read.problems);
  const task = read.value;
  if (!task) return null;
  if (task.id !== id)
    problems.push({
      severity: 'error',
      rule: 'task-id-mismatch',
      file: taskFile,
      message: '"id" must equal the folder name',
      expected: id,
      got: task.id,
    });
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
