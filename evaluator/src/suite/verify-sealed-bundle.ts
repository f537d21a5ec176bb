import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../errors/problem.ts';
import { StyleCriteria } from '../schemas/style-task.schema.ts';
import { sha256 } from '../util/sha256.ts';
import type { LoadedSuite } from './load-suite.ts';
import { parseJsonText } from './read-json-file.ts';
import { EVALUATOR_ONLY_FILES } from './seal-suite.ts';
import { openTaskMaterial } from './sealed-access.ts';

/** What `verifySealedBundle` found, besides problems (for the `suite verify` line). */
export interface SealedCheck {
  tasks: number;
  files: number;
  /** True when the key was given and every file opened and matched the public part. */
  opened: boolean;
}

const B64_BYTES = (s: string) => Buffer.from(s, 'base64').length;

/**
 * Checks a suite's `sealed.json` (`refig suite verify`, issue 16 item 3).
 *
 * Without the key — what anyone can check: every task it names is a task of the suite, every
 * file name is an evaluator-only file, nonces are 12 bytes and tags 16 (AES-256-GCM), and no
 * plaintext copy of a sealed file lies in the public folder (a warning: a maintainer's working
 * copy may hold one; it must never be committed).
 *
 * With the key — the sealed part matches the public part: every file opens (`suite-key-mismatch`
 * / `sealed-file-damaged` otherwise), a style task's sealed files hash to what its `task.json`
 * lists, and its `criteria.json` parses; a refig task's sealed truth is checked by `loadSuite`
 * itself (schema, image size, geometry). Problems are collected, never thrown.
 */
export async function verifySealedBundle(
  suite: LoadedSuite,
  key: Buffer | null,
): Promise<{ problems: Problem[]; check: SealedCheck | null }> {
  const problems: Problem[] = [];
  const bundle = suite.sealed;
  if (!bundle || !suite.manifest) return { problems, check: null };
  const file = join(suite.dir, 'sealed.json');
  const listed = new Set(suite.manifest.tasks);
  const allowed = new Set<string>(EVALUATOR_ONLY_FILES);
  let files = 0;
  let opened = key !== null;
  for (const [task, named] of Object.entries(bundle.tasks).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!listed.has(task))
      problems.push({
        severity: 'error',
        rule: 'sealed-task-unknown',
        file,
        message: `sealed.json holds material for "${task}", which suite.json does not list`,
        hint: 'reseal the suite (refig suite seal) after removing or renaming a task',
      });
    const taskDir = join(suite.tasksDir, task);
    for (const [name, f] of Object.entries(named)) {
      files++;
      if (!allowed.has(name))
        problems.push({
          severity: 'error',
          rule: 'sealed-file-name',
          file,
          message: `sealed.json holds ${task}/${name}, which is not an evaluator-only file`,
          expected: EVALUATOR_ONLY_FILES.join(', '),
          got: name,
        });
      if (B64_BYTES(f.nonce) !== 12 || B64_BYTES(f.tag) !== 16)
        problems.push({
          severity: 'error',
          rule: 'sealed-file-malformed',
          file,
          message: `${task}/${name}: an AES-256-GCM entry has a 12-byte nonce and a 16-byte tag`,
          got: `${B64_BYTES(f.nonce)}-byte nonce, ${B64_BYTES(f.tag)}-byte tag`,
        });
      if (await lstat(join(taskDir, name)).catch(() => null))
        problems.push({
          severity: 'warning',
          rule: 'sealed-plaintext-present',
          file: join(taskDir, name),
          message: `${task}/${name} is sealed but its plaintext is in the folder too: never commit it`,
          hint: 'refig suite seal DIR --remove deletes the plaintext once sealed',
        });
    }
  }
  if (key === null)
    return { problems, check: { tasks: Object.keys(bundle.tasks).length, files, opened: false } };

  const styleTasks = new Map(suite.styleTasks.map((t) => [t.id, t]));
  for (const task of Object.keys(bundle.tasks).sort()) {
    const material = openTaskMaterial(bundle, task, key, file);
    if (!material.ok) {
      opened = false;
      problems.push({
        severity: 'error',
        rule: material.code,
        file,
        message:
          material.code === 'suite-key-mismatch'
            ? 'FIGBOARD_SUITE_KEY does not open this bundle (a wrong or rotated key)'
            : `task "${task}": a sealed file does not authenticate (the bundle was edited or damaged)`,
      });
      if (material.code === 'suite-key-mismatch') break;
      continue;
    }
    const style = styleTasks.get(task);
    if (!style) continue;
    for (const [name, bytes] of material.files) {
      const expected = style.files[name];
      if (expected !== undefined && expected !== sha256(bytes)) {
        opened = false;
        problems.push({
          severity: 'error',
          rule: 'sealed-file-hash-mismatch',
          file: `${file} (${task}/${name})`,
          message: `task "${task}": the sealed ${name} does not hash to what task.json lists`,
          expected,
          got: sha256(bytes),
          hint: 'reseal after rebuilding the task, so the sealed and public parts agree',
        });
      }
      if (name === 'criteria.json') {
        const parsed = parseJsonText(
          bytes.toString('utf8'),
          `${join(suite.tasksDir, task, name)} (sealed)`,
          StyleCriteria,
          'criteria-json',
        );
        if (parsed.problems.length > 0) opened = false;
        problems.push(...parsed.problems);
      }
    }
  }
  return { problems, check: { tasks: Object.keys(bundle.tasks).length, files, opened } };
}
