import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FigboardError } from '../errors/index.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { findTrack } from '../tracks/registry.ts';
import { loadSuite, SEALED_FILE } from './load-suite.ts';
import { openSealedTask, sealBundle } from './sealed-bundle.ts';

/** Files of a task only the evaluator may read (style: criteria and reference code; refig: truth). */
export const EVALUATOR_ONLY_FILES = [
  'criteria.json',
  'reference.py',
  'reference_data.csv',
  'truth.json',
] as const;

export interface SealSuiteOptions {
  /** Tasks to seal (default: every task of the suite that has evaluator-only files). */
  tasks?: readonly string[];
  /** Delete the plaintext files once sealed (what the public checkout should hold). */
  remove?: boolean;
  /**
   * Read each task's evaluator-only files from `<from>/<task>/` instead of its task folder: hidden
   * truth annotated outside the repository is sealed without ever entering the working tree.
   * A refig task sealed with a `truth.json` gets `hasTruth: true` in its task.json.
   */
  from?: string;
}

export interface SealSuiteResult {
  bundlePath: string;
  /** Task id → the file names sealed for it (this run and earlier ones). */
  sealed: Record<string, string[]>;
  /** Plaintext files deleted (with `remove`). */
  removed: string[];
}

/**
 * Seals a suite's evaluator-only files into `sealed.json` (`refig suite seal`): tasks already in
 * the bundle keep their sealed files unless the folder holds a plaintext copy again (then it is
 * sealed afresh). The existing bundle must open with the same key, so one bundle never mixes keys.
 */
export async function sealSuite(
  dir: string,
  key: Buffer,
  options: SealSuiteOptions = {},
): Promise<SealSuiteResult> {
  const suite = await loadSuite(dir, { verifyHashes: false });
  if (!suite.manifest)
    throw new FigboardError('the suite cannot be loaded', {
      code: 'suite-unreadable',
      where: join(dir, 'suite.json'),
      got: suite.problems
        .slice(0, 3)
        .map((p) => `${p.file}: ${p.message}`)
        .join('; '),
    });
  const bundlePath = join(dir, SEALED_FILE);
  const known = new Set(suite.manifest.tasks);
  for (const t of options.tasks ?? [])
    if (!known.has(t))
      throw new FigboardError(`task "${t}" is not in the suite`, {
        code: 'seal-unknown-task',
        where: join(dir, 'suite.json'),
        expected: 'a task id listed in suite.json',
        got: t,
      });
  const chosen = new Set(options.tasks ?? suite.manifest.tasks);
  const files = new Map<string, Map<string, Buffer>>();
  // Earlier sealed material first (must open with this key), then plaintext copies on top.
  if (suite.sealed) {
    for (const task of Object.keys(suite.sealed.tasks))
      files.set(task, new Map(openSealedTask(suite.sealed, task, key, bundlePath)));
  }
  const plaintext: string[] = [];
  const truthAdded: string[] = [];
  for (const { id, dir: taskDir } of suite.taskDirs) {
    if (!chosen.has(id)) continue;
    const source = options.from ? join(options.from, id) : taskDir;
    for (const name of EVALUATOR_ONLY_FILES) {
      const bytes = await readFile(join(source, name)).catch(() => null);
      if (!bytes) continue;
      if (!files.has(id)) files.set(id, new Map());
      files.get(id)!.set(name, bytes);
      if (!options.from) plaintext.push(join(taskDir, name));
      if (name === 'truth.json') truthAdded.push(taskDir);
    }
  }
  if (options.tasks && options.from)
    for (const t of options.tasks)
      if (!files.has(t))
        throw new FigboardError(`nothing to seal for task "${t}" under ${options.from}`, {
          code: 'seal-nothing-for-task',
          where: join(options.from, t),
          expected: `one of ${EVALUATOR_ONLY_FILES.join(', ')}`,
        });
  const bundle = sealBundle(suite.manifest.name, files, key);
  await writeFile(bundlePath, `${stableStringify(bundle, 2)}\n`);
  // A task whose truth is now sealed says so where its track records it (refig: hasTruth).
  for (const taskDir of truthAdded) {
    const taskFile = join(taskDir, 'task.json');
    const raw = JSON.parse(await readFile(taskFile, 'utf8')) as Record<string, unknown>;
    if (findTrack(raw.track)?.suite.markTruthSealed(raw))
      await writeFile(taskFile, `${stableStringify(raw, 2)}\n`);
  }
  const removed: string[] = [];
  if (options.remove) {
    for (const f of plaintext) {
      await rm(f);
      removed.push(f);
    }
  }
  return {
    bundlePath,
    sealed: Object.fromEntries(Object.entries(bundle.tasks).map(([t, f]) => [t, Object.keys(f)])),
    removed,
  };
}

/** What `unsealSuite` did. */
export interface UnsealSuiteResult {
  /** Plaintext files written back into task folders. */
  written: string[];
}

/**
 * Writes a suite's sealed files back into its task folders and deletes `sealed.json`
 * (`refig suite unseal`): the first step of rotating the key (then `refig suite seal --remove`
 * with the new key) or of editing a hidden task. Everything is opened before anything is written,
 * so a wrong key or a damaged file changes nothing; a plaintext copy already in a folder must
 * hold the same bytes, or the command stops naming it.
 */
export async function unsealSuite(dir: string, key: Buffer): Promise<UnsealSuiteResult> {
  const suite = await loadSuite(dir, { verifyHashes: false });
  const bundlePath = join(dir, SEALED_FILE);
  if (!suite.sealed)
    throw new FigboardError('the suite has no readable sealed.json', {
      code: 'unseal-no-bundle',
      where: bundlePath,
      got: suite.problems
        .slice(0, 3)
        .map((p) => `${p.file}: ${p.message}`)
        .join('; '),
    });
  const opened = Object.keys(suite.sealed.tasks)
    .sort()
    .map((task) => [task, openSealedTask(suite.sealed!, task, key, bundlePath)] as const);
  const writes: { path: string; bytes: Buffer }[] = [];
  for (const [task, files] of opened)
    for (const [name, bytes] of files) {
      const path = join(suite.tasksDir, task, name);
      const existing = await readFile(path).catch(() => null);
      if (existing && !existing.equals(bytes))
        throw new FigboardError(`${task}/${name} is in the folder with other bytes than sealed`, {
          code: 'unseal-conflict',
          where: path,
          hint: 'move the plaintext copy away, or reseal it first (refig suite seal)',
        });
      writes.push({ path, bytes });
    }
  for (const w of writes) await writeFile(w.path, w.bytes);
  await rm(bundlePath);
  return { written: writes.map((w) => w.path) };
}
