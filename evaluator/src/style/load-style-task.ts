import { stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { FigboardError } from '../errors/index.ts';
import type { Sandbox, SandboxLimits } from '../sandbox/sandbox.ts';
import { StyleCriteria, StyleTask, type StyleSplit } from '../schemas/style-task.schema.ts';
import { sha256 } from '../util/sha256.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { extractCriteria } from './extract-criteria.ts';
import { runFigureScript } from './run-figure-script.ts';
import { jsonErrorMessage } from '../util/json-error-message.ts';
import { readBoundedFile } from '../untrusted/read-bounded-file.ts';

/** A style task ready to score candidates against. */
export interface LoadedStyleTask {
  dir: string;
  id: string;
  split: StyleSplit;
  /** The validated task.json, or null for a bare folder (e.g. a calibration fixture). */
  task: StyleTask | null;
  /** The target data every candidate script gets as `data.csv`. */
  dataPath: string;
  dataSha256: string;
  criteria: StyleCriteria;
  /** SHA-256 of the canonical criteria JSON (part of every candidate's input hash). */
  criteriaSha256: string;
  criteriaSource: 'file' | 'extracted' | 'sealed';
  /** The reference image shown to agents (and to the optional LLM vision judge), or null. */
  referencePngPath: string | null;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function invalid(
  where: string,
  message: string,
  expected: string,
  got: string,
  hint?: string,
): FigboardError {
  return new FigboardError(message, { code: 'style-task-invalid', where, expected, got, hint });
}

/**
 * Largest task files read (bounded memory on a hostile suite or pull request): task.json and
 * criteria.json are a few KiB in the committed suites, data.csv at most ~120 KiB.
 */
const MAX_TASK_JSON_BYTES = 1024 * 1024;
const MAX_CRITERIA_BYTES = 8 * 1024 * 1024;
const MAX_DATA_BYTES = 64 * 1024 * 1024;

/**
 * A task file through the bounded, link-refusing read: a symbolic link, FIFO or folder in its
 * place, or a file over `maxBytes`, is a `style-task-invalid` error naming the file.
 */
async function readTaskFile(path: string, rule: string, maxBytes: number): Promise<Buffer> {
  const read = await readBoundedFile(path, maxBytes);
  if (read.kind === 'ok') return read.bytes;
  if (read.kind === 'too-large')
    throw invalid(path, `${rule} is too large`, `at most ${maxBytes} bytes`, `${read.size} bytes`);
  if (read.kind === 'not-a-file')
    throw invalid(
      path,
      `${rule} is not a regular file`,
      'a regular file (links are never followed)',
      read.link ? 'a symbolic link' : 'a folder, FIFO or device',
    );
  throw invalid(path, `${rule} cannot be read`, `${rule} in the task folder`, 'no such file');
}

/** Reads and validates a JSON file against a zod schema, naming the file and the first bad fields. */
async function readJsonFile<T>(
  path: string,
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  rule: string,
  maxBytes: number,
): Promise<T> {
  const bytes = await readTaskFile(path, rule, maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw invalid(path, `${rule} is not valid JSON`, 'a JSON object', jsonErrorMessage(err));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
    throw invalid(path, `${rule} does not match its schema`, `a valid ${rule}`, issues.join('; '));
  }
  return parsed.data;
}

export interface LoadStyleTaskOptions {
  /** Needed only when criteria must be extracted (no criteria.json, or `forceExtract`). */
  sandbox?: Sandbox;
  /** Extract criteria from reference.py when criteria.json is absent (default true). */
  extractIfMissing?: boolean;
  /** Ignore criteria.json and extract afresh (used by `refig style extract-criteria`). */
  forceExtract?: boolean;
  /**
   * The task's files opened from the suite's sealed bundle (`refig suite seal`): when the folder
   * has no criteria.json, the sealed one is used — the same bytes, so the same scores.
   */
  sealed?: ReadonlyMap<string, Buffer>;
  limits?: Partial<SandboxLimits>;
}

/**
 * Loads a style task folder: `task.json` (optional for bare fixture folders), `data.csv`
 * (required) and `criteria.json` — or, when that is absent, extracts the criteria from
 * `reference.py` in the sandbox. Every problem names the file and the rule.
 */
export async function loadStyleTask(
  dir: string,
  options: LoadStyleTaskOptions = {},
): Promise<LoadedStyleTask> {
  const root = resolve(dir);
  if (!(await exists(root)))
    throw invalid(
      root,
      'style task folder not found',
      'a folder with data.csv and criteria.json or reference.py',
      'nothing',
    );
  const taskPath = join(root, 'task.json');
  const task = (await exists(taskPath))
    ? await readJsonFile(taskPath, StyleTask, 'task.json', MAX_TASK_JSON_BYTES)
    : null;
  const id = task?.id ?? basename(root);
  const dataPath = join(root, 'data.csv');
  if (!(await exists(dataPath)))
    throw invalid(
      dataPath,
      'the task has no target data',
      'data.csv in the task folder',
      'no such file',
    );
  const dataSha256 = sha256(await readTaskFile(dataPath, 'data.csv', MAX_DATA_BYTES));
  const criteriaPath = join(root, 'criteria.json');
  let criteria: StyleCriteria;
  let criteriaSource: LoadedStyleTask['criteriaSource'];
  const sealedCriteria = options.sealed?.get('criteria.json');
  if (!options.forceExtract && !(await exists(criteriaPath)) && sealedCriteria) {
    criteria = parseSealedCriteria(sealedCriteria, criteriaPath, id);
    criteriaSource = 'sealed';
  } else if (!options.forceExtract && (await exists(criteriaPath))) {
    criteria = await readJsonFile(criteriaPath, StyleCriteria, 'criteria.json', MAX_CRITERIA_BYTES);
    if (criteria.task !== id) {
      throw invalid(
        criteriaPath,
        'criteria.json belongs to another task',
        `task "${id}"`,
        `task "${criteria.task}"`,
        'regenerate it with refig style extract-criteria --task <dir>',
      );
    }
    criteriaSource = 'file';
  } else if (options.forceExtract || options.extractIfMissing !== false) {
    if (!options.sandbox)
      throw invalid(
        criteriaPath,
        'criteria must be extracted but no sandbox was given',
        'a sandbox',
        'none',
      );
    criteria = await extractTaskCriteria(root, id, options.sandbox, options.limits);
    criteriaSource = 'extracted';
  } else {
    throw invalid(
      criteriaPath,
      'the task has no criteria',
      'criteria.json',
      'no such file',
      'run refig style extract-criteria --task <dir>',
    );
  }
  return {
    dir: root,
    id,
    split: task?.split ?? 'hand-curated',
    task,
    dataPath,
    dataSha256,
    criteria,
    criteriaSha256: sha256(stableStringify(criteria)),
    criteriaSource,
    referencePngPath: (await exists(join(root, 'reference.png')))
      ? join(root, 'reference.png')
      : null,
  };
}

function parseSealedCriteria(bytes: Buffer, criteriaPath: string, id: string): StyleCriteria {
  const where = `${criteriaPath} (sealed)`;
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw invalid(
      where,
      'criteria.json is not valid JSON',
      'a JSON object',
      (err as Error).message,
    );
  }
  const parsed = StyleCriteria.safeParse(json);
  if (!parsed.success)
    throw invalid(
      where,
      'criteria.json does not match its schema',
      'a valid criteria.json',
      parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
        .join('; '),
    );
  if (parsed.data.task !== id)
    throw invalid(
      where,
      'criteria.json belongs to another task',
      `task "${id}"`,
      `task "${parsed.data.task}"`,
    );
  return parsed.data;
}

/**
 * Runs the task's `reference.py` twice in the sandbox — as written, and with every rcParams write
 * ignored (the default-style twin) — and extracts the criteria. The reference reads its own data
 * (`reference_data.csv` when present) and may also read `data.csv`.
 */
export async function extractTaskCriteria(
  dir: string,
  id: string,
  sandbox: Sandbox,
  limits?: Partial<SandboxLimits>,
): Promise<StyleCriteria> {
  const refPath = join(dir, 'reference.py');
  if (!(await exists(refPath)))
    throw invalid(
      refPath,
      'criteria cannot be extracted without the reference script',
      'reference.py in the task folder',
      'no such file',
    );
  const dataFiles: { name: string; path: string }[] = [];
  for (const name of ['data.csv', 'reference_data.csv']) {
    if (await exists(join(dir, name))) dataFiles.push({ name, path: join(dir, name) });
  }
  const run = (mode: 'candidate' | 'default-twin') =>
    runFigureScript(sandbox, {
      scriptPath: refPath,
      scriptName: 'reference.py',
      dataFiles,
      mode,
      limits,
    });
  const [reference, twin] = await Promise.all([run('candidate'), run('default-twin')]);
  if (!reference.ok) {
    throw new FigboardError('the reference script did not produce a figure', {
      code: 'reference-failed',
      where: refPath,
      expected: 'reference.py to run cleanly and save a figure',
      got: `${reference.failure.code}: ${reference.failure.message.slice(0, 800)}`,
    });
  }
  return extractCriteria(id, reference.introspection, twin.ok ? twin.introspection : null);
}
