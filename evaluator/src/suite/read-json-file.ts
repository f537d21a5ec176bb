import { lstat, readFile } from 'node:fs/promises';
import type { z } from 'zod';
import type { Problem } from '../errors/problem.ts';
import { jsonErrorMessage } from '../util/json-error-message.ts';

/** Outcome of reading one JSON file against a schema: the value, or the problems found. */
export interface JsonFileRead<T> {
  value?: T;
  problems: Problem[];
  /** False when the file does not exist (a missing optional file is not always a problem). */
  exists: boolean;
}

/**
 * Reads a small JSON file and validates it against `schema`, collecting every schema issue as a
 * problem (rule `<rulePrefix>-schema`) instead of throwing. The file must be a regular file (no
 * symlink: a suite folder is a data set, and a link could point anywhere) and at most
 * `maxBytes`, so a hostile suite cannot make the loader read a huge file.
 */
export async function readJsonFile<S extends z.ZodType>(
  path: string,
  displayPath: string,
  schema: S,
  rulePrefix: string,
  maxBytes: number,
): Promise<JsonFileRead<z.infer<S>>> {
  let info;
  try {
    info = await lstat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return {
        exists: false,
        problems: [
          {
            severity: 'error',
            rule: `${rulePrefix}-missing`,
            file: displayPath,
            message: 'file is missing',
          },
        ],
      };
    }
    return {
      exists: false,
      problems: [
        {
          severity: 'error',
          rule: `${rulePrefix}-unreadable`,
          file: displayPath,
          message: (err as Error).message,
        },
      ],
    };
  }
  if (!info.isFile()) {
    return {
      exists: true,
      problems: [
        {
          severity: 'error',
          rule: `${rulePrefix}-not-a-file`,
          file: displayPath,
          message: 'must be a regular file',
          expected: 'regular file',
          got: info.isSymbolicLink()
            ? 'symbolic link'
            : info.isDirectory()
              ? 'directory'
              : 'special file',
        },
      ],
    };
  }
  if (info.size > maxBytes) {
    return {
      exists: true,
      problems: [
        {
          severity: 'error',
          rule: `${rulePrefix}-too-large`,
          file: displayPath,
          message: 'file is too large',
          expected: `≤ ${maxBytes} bytes`,
          got: `${info.size} bytes`,
        },
      ],
    };
  }
  return {
    exists: true,
    ...parseJsonText(await readFile(path, 'utf8'), displayPath, schema, rulePrefix),
  };
}

/**
 * Parses JSON text (a file's, or a sealed file's once opened) against `schema`, collecting every
 * issue as a problem naming `displayPath` (rules `<rulePrefix>-parse`, `<rulePrefix>-schema`).
 */
export function parseJsonText<S extends z.ZodType>(
  text: string,
  displayPath: string,
  schema: S,
  rulePrefix: string,
): { value?: z.infer<S>; problems: Problem[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return {
      problems: [
        {
          severity: 'error',
          rule: `${rulePrefix}-parse`,
          file: displayPath,
          message: `not valid JSON: ${jsonErrorMessage(err)}`,
        },
      ],
    };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { value: parsed.data, problems: [] };
  return {
    problems: parsed.error.issues.slice(0, 20).map((issue) => ({
      severity: 'error' as const,
      rule: `${rulePrefix}-schema`,
      file: displayPath,
      message: `${issue.path.join('.') || '(file)'}: ${issue.message}`,
    })),
  };
}

/**
 * A suite task's `task.json` (either track's schema), read as {@link readJsonFile} reads it: a
 * missing file is `suite-task-missing` (the task is listed in suite.json), and an `id` other than
 * the folder name is `task-id-mismatch`. Returns the task (also when the id mismatches, so its
 * other checks still run) and the file, or null when there is no valid task.json.
 */
export async function readSuiteTaskJson<S extends z.ZodType<{ id: string }>>(
  id: string,
  taskFile: string,
  schema: S,
  maxBytes: number,
  problems: Problem[],
): Promise<z.infer<S> | null> {
  const read = await readJsonFile(taskFile, taskFile, schema, 'task-json', maxBytes);
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
  return task;
}
