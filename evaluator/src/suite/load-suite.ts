import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import type { StyleTask } from '../schemas/style-task.schema.ts';
import type { RefigTask, Truth } from '../schemas/task.schema.ts';
import { readJsonFile } from './read-json-file.ts';
import type { NotScoredCode } from '../schemas/not-scored.schema.ts';
import { SealedBundle } from './sealed-bundle.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';
import { TASK_LOADERS } from '../tracks/task-loaders.ts';

/** Upper bounds for the small JSON files of a suite; anything larger is refused, not read. */
export const SUITE_JSON_MAX_BYTES = 16 * 1024 * 1024;
const SEALED_JSON_MAX_BYTES = 64 * 1024 * 1024;
/** The sealed scoring material of a suite (`refig suite seal`), beside `suite.json`. */
export const SEALED_FILE = 'sealed.json';
export { TASK_JSON_MAX_BYTES, TRUTH_JSON_MAX_BYTES } from './task-file-limits.ts';
export { REDISTRIBUTABLE_STYLE_LICENSES } from '../tracks/style/check-style-task.ts';

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
 * Each task folder is loaded by its track's `taskLoader` (`TASK_LOADERS`): refig tasks go to
 * `tasks`; a style task's `task.json` is checked against the `StyleTask` schema and every file it
 * lists against its SHA-256, and goes to `styleTasks` (the style track loads the files itself).
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

  // Each task folder as its track loads it (refig: `tasks`; style: `styleTasks`).
  const loader = TASK_LOADERS[manifest.track];
  const into = { tasks, styleTasks };
  for (const id of manifest.tasks) {
    const taskDir = join(tasksDir, id);
    taskDirs.push({ id, dir: taskDir });
    await loader.loadTask(
      {
        id,
        dir: taskDir,
        manifest,
        verifyHashes,
        deep: options.deep ?? false,
        sealed: {
          bundle: sealed,
          broken: sealedBroken,
          key: options.suiteKey ?? null,
          path: sealedPath,
        },
        problems,
      },
      into,
    );
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
