import { lstat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UsageError } from '../errors/index.ts';
import { formatProblem, type Problem } from '../errors/problem.ts';
import { RefigTask, Truth } from '../schemas/task.schema.ts';
import { parseJsonText, readJsonFile } from '../suite/read-json-file.ts';
import { SEALED_FILE, TASK_JSON_MAX_BYTES, TRUTH_JSON_MAX_BYTES } from '../suite/load-suite.ts';
import { describeNotScored, openTaskMaterial } from '../suite/sealed-access.ts';
import { SealedBundle } from '../suite/sealed-bundle.ts';

/** A task folder as `refig score` uses it. */
export interface TaskFolder {
  id: string;
  dir: string;
  imagePath: string;
  truth: Truth | null;
}

/**
 * Reads a task folder: the source image (`task.json`'s `image.file` when there is a task.json,
 * else `source.png`, `source.jpg` or `source.jpeg`), and `truth.json` when present. Every
 * problem is collected into one usage error naming the files and rules.
 */
export async function loadTaskFolder(
  dir: string,
  options: {
    /** Opens the task's truth when it is sealed in the suite's `sealed.json` (a hidden task). */
    suiteKey?: Buffer | null;
    /** The caller ignores truth: a sealed truth is then not needed. */
    noTruth?: boolean;
  } = {},
): Promise<TaskFolder> {
  const problems: Problem[] = [];
  const taskRead = await readJsonFile(
    join(dir, 'task.json'),
    join(dir, 'task.json'),
    RefigTask,
    'task-json',
    TASK_JSON_MAX_BYTES,
  );
  if (taskRead.exists) problems.push(...taskRead.problems);
  const candidates = taskRead.value
    ? [taskRead.value.image.file]
    : ['source.png', 'source.jpg', 'source.jpeg'];
  let imagePath: string | null = null;
  for (const name of candidates) {
    const info = await lstat(join(dir, name)).catch(() => null);
    if (info?.isFile()) {
      imagePath = join(dir, name);
      break;
    }
  }
  if (imagePath === null) {
    problems.push({
      severity: 'error',
      rule: 'task-image-missing',
      file: join(dir, candidates[0]!),
      message: 'the task has no source image',
      expected: candidates.join(' or '),
      hint: 'a task folder holds source.png|jpg, optional truth.json and optional task.json',
    });
  }
  const truthRead = await readJsonFile(
    join(dir, 'truth.json'),
    join(dir, 'truth.json'),
    Truth,
    'truth-json',
    TRUTH_JSON_MAX_BYTES,
  );
  if (truthRead.exists) problems.push(...truthRead.problems);
  let truth = truthRead.value ?? null;
  // A hidden task: task.json promises truth, the folder has none, the suite's sealed.json has it.
  if (!truthRead.exists && taskRead.value?.hasTruth && !options.noTruth) {
    const sealedPath = join(dirname(dir), SEALED_FILE);
    const bundle = await readJsonFile(
      sealedPath,
      sealedPath,
      SealedBundle,
      'sealed-json',
      64 * 1024 * 1024,
    );
    const id = taskRead.value.id;
    if (bundle.value?.tasks[id]?.['truth.json']) {
      const material = openTaskMaterial(bundle.value, id, options.suiteKey ?? null, sealedPath);
      if (!material.ok)
        throw new UsageError(
          `the truth of hidden task "${id}" cannot be opened: ${describeNotScored(material.code)}`,
          {
            code: material.code,
            where: sealedPath,
            hint: 'set FIGBOARD_SUITE_KEY to the suite key, or pass --no-truth to score against the graph extracted from the figure',
          },
        );
      const t = parseJsonText(
        material.files.get('truth.json')!.toString('utf8'),
        `${join(dir, 'truth.json')} (sealed)`,
        Truth,
        'truth-json',
      );
      problems.push(...t.problems);
      truth = t.value ?? null;
    }
  }
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0 || imagePath === null) {
    throw new UsageError(
      `the task folder cannot be used:\n${errors.map(formatProblem).join('\n')}`,
      { code: 'task-invalid', where: dir },
    );
  }
  return {
    id: taskRead.value?.id ?? dir.split(/[\\/]/).filter(Boolean).pop() ?? 'task',
    dir,
    imagePath,
    truth,
  };
}
