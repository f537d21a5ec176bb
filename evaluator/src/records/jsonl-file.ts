import { mkdir, open, readdir, readFile, rm, stat, truncate } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import type { Problem } from '../errors/problem.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { jsonErrorMessage } from '../util/json-error-message.ts';
import { writeFileAtomic } from '../util/write-file-atomic.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/** Result of reading a JSONL record file: valid records in file order plus every bad line. */
export interface JsonlRead<T> {
  records: T[];
  problems: Problem[];
  /** True when the last line had no newline: a writer was killed mid-line. */
  truncatedTail: boolean;
}

/**
 * Reads an append-only JSONL file and validates each line against `schema`. A missing file is
 * an empty list. A final line without its newline (a killed writer) is reported, not parsed,
 * and `repairJsonlTail` removes it before the next append.
 */
export async function readJsonl<S extends z.ZodType>(
  path: string,
  schema: S,
): Promise<JsonlRead<z.infer<S>>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { records: [], problems: [], truncatedTail: false };
    throw err;
  }
  const lines = text.split('\n');
  const truncatedTail = lines.length > 0 && lines[lines.length - 1] !== '';
  const complete = truncatedTail ? lines.slice(0, -1) : lines.slice(0, -1);
  const records: z.infer<S>[] = [];
  const problems: Problem[] = [];
  complete.forEach((line, i) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (err) {
      problems.push({
        severity: 'error',
        rule: 'jsonl-parse',
        file: `${path}:${i + 1}`,
        message: `not valid JSON: ${jsonErrorMessage(err)}`,
      });
      return;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) records.push(parsed.data);
    else {
      for (const issue of parsed.error.issues.slice(0, 5)) {
        problems.push({
          severity: 'error',
          rule: 'jsonl-schema',
          file: `${path}:${i + 1}`,
          message: `${issue.path.join('.') || '(record)'}: ${issue.message}`,
        });
      }
    }
  });
  if (truncatedTail) {
    problems.push({
      severity: 'warning',
      rule: 'jsonl-truncated-tail',
      file: path,
      message: 'last line has no newline (interrupted write); it is ignored and will be rewritten',
    });
  }
  return { records, problems, truncatedTail };
}

/** Cuts a partially written last line off a JSONL file so appends start on a clean line. */
export async function repairJsonlTail(path: string): Promise<void> {
  let text: Buffer;
  try {
    text = await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (text.length === 0 || text[text.length - 1] === 0x0a) return;
  const lastNewline = text.lastIndexOf(0x0a);
  await truncate(path, lastNewline + 1);
}

/**
 * Appends records as JSONL, validated against `schema` first (one writer per record type goes
 * through here). Each record is one `write` on an O_APPEND handle and is flushed before the
 * promise resolves, so a killed run loses at most the line being written.
 */
export async function appendJsonl<S extends z.ZodType>(
  path: string,
  schema: S,
  records: readonly z.infer<S>[],
): Promise<void> {
  if (records.length === 0) return;
  const lines = records.map((r) => `${stableStringify(schema.parse(r))}\n`).join('');
  await mkdir(dirname(path), { recursive: true });
  await repairJsonlTail(path);
  const handle = await open(path, 'a');
  try {
    await handle.write(lines);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Rewrites a JSONL file in a canonical order (e.g. by task id) so that a resumed run and an
 * uninterrupted run end with byte-identical files.
 */
export async function canonicalizeJsonl<S extends z.ZodType>(
  path: string,
  schema: S,
  key: (r: z.infer<S>) => string,
): Promise<void> {
  try {
    await stat(path);
  } catch {
    return;
  }
  const { records } = await readJsonl(path, schema);
  const byKey = new Map<string, z.infer<S>>();
  for (const r of records) byKey.set(key(r), r); // last write wins for the same key
  const sorted = [...byKey.entries()].sort(([a], [b]) => compareCodeUnits(a, b)).map(([, r]) => r);
  await writeFileAtomic(path, sorted.map((r) => `${stableStringify(r)}\n`).join(''));
}

const TEMP_NAME = /\.tmp-(\d{1,10})$/;

/**
 * Removes temporary files (`<name>.tmp-<pid>`) that a killed run left in a results folder —
 * files whose writer process no longer exists — so they are never resumed from or committed.
 * Returns the removed paths (relative to `dir`). Looks at most `depth` folders deep.
 */
export async function removeStaleTempFiles(dir: string, depth = 4): Promise<string[]> {
  const removed: string[] = [];
  const visit = async (rel: string, left: number) => {
    let entries;
    try {
      entries = await readdir(join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const child = rel ? join(rel, e.name) : e.name;
      if (e.isDirectory() && left > 0) await visit(child, left - 1);
      const m = TEMP_NAME.exec(e.name);
      if (!m || !e.isFile() || processAlive(Number(m[1]))) continue;
      await rm(join(dir, child), { force: true });
      removed.push(child);
    }
  };
  await visit('', depth);
  return removed.sort();
}

/** Whether another process with this pid runs (this process's own pid counts as not). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return false; // ours from an earlier call that failed: stale
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
