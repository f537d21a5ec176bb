import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { RUN_RECORD_FILE, RunRecord } from '../schemas/run-record.schema.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { ResumeRefusedError } from './resume-refused-error.ts';

/** Manifest keys the runner writes itself: never part of what a resume is compared on. */
const RUNNER_KEYS = new Set(['id', 'track', 'suite', 'attempts']);

/** The manifest template's own fields (what the submitter wrote), for the run record. */
export function templateFields(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw))
    for (const [k, v] of Object.entries(raw)) if (!RUNNER_KEYS.has(k)) out[k] = v;
  return out;
}

/**
 * Step 1 of a run: compare what this run is made with against the folder's `run.json` and refuse
 * a resume that changes any of it, naming each change; a new folder gets the record. A folder made
 * before run records existed is compared on what its `submission.yml` says (suite and manifest).
 */
export async function checkRunRecord(
  submissionDir: string,
  display: string,
  now: RunRecord,
): Promise<void> {
  const file = join(submissionDir, RUN_RECORD_FILE);
  const text = await readFile(file, 'utf8').catch(() => null);
  let changes: string[];
  if (text !== null) {
    let recorded: RunRecord;
    try {
      recorded = RunRecord.parse(JSON.parse(text));
    } catch (cause) {
      throw new ResumeRefusedError(
        `${display}/${RUN_RECORD_FILE}`,
        ['the run record cannot be read'],
        `${freshHint(display)} (${(cause as Error).message.split('\n')[0]})`,
      );
    }
    changes = diffRecords(recorded, now);
  } else {
    const yml = await readFile(join(submissionDir, 'submission.yml'), 'utf8').catch(() => null);
    changes = yml === null ? [] : diffLegacy(yml, now);
  }
  if (changes.length > 0) throw new ResumeRefusedError(display, changes, freshHint(display));
  if (text === null) await writeFile(file, `${stableStringify(now, 2)}\n`);
}

function freshHint(display: string): string {
  return `to run this configuration, give it its own folder (e.g. ${display.replace(/\/+$/, '')}-2: the folder name is the submission id); to keep this folder's configuration, run the command it was made with (see ${RUN_RECORD_FILE})`;
}

/** Every field that differs, as "what: recorded → now". */
function diffRecords(was: RunRecord, now: RunRecord): string[] {
  const out: string[] = [];
  if (was.suite.name !== now.suite.name) out.push(`suite: ${was.suite.name} → ${now.suite.name}`);
  else if (was.suite.version !== now.suite.version)
    out.push(`suite ${now.suite.name} version: ${was.suite.version} → ${now.suite.version}`);
  else if (was.suite.tasksHash !== now.suite.tasksHash)
    out.push(`suite ${now.suite.name}: its task list changed`);
  out.push(...diffValues('manifest', was.manifest, now.manifest));
  if (stableStringify(was.command) !== stableStringify(now.command))
    out.push(`agent command: ${show(was.command.join(' '))} → ${show(now.command.join(' '))}`);
  if (was.promptHash !== now.promptHash)
    out.push('instruction (--workflow / --prompt-file): a different text');
  return out;
}

function diffLegacy(yml: string, now: RunRecord): string[] {
  let raw: unknown;
  try {
    raw = parse(yml, { maxAliasCount: 20 });
  } catch {
    return [];
  }
  const suite = (raw as { suite?: { name?: unknown; version?: unknown } } | null)?.suite;
  const out: string[] = [];
  if (suite && suite.name !== now.suite.name)
    out.push(`suite: ${String(suite.name)} → ${now.suite.name} (from submission.yml)`);
  else if (suite && suite.version !== now.suite.version)
    out.push(
      `suite ${now.suite.name} version: ${String(suite.version)} → ${now.suite.version} (from submission.yml)`,
    );
  const fields = templateFields(raw);
  // the runner fills in the date when the template has none
  if (!('date' in now.manifest)) delete fields.date;
  out.push(...diffValues('manifest', fields, now.manifest));
  return out;
}

/** Dotted paths of the leaves that differ between two JSON values. */
function diffValues(path: string, a: unknown, b: unknown): string[] {
  const isObj = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => diffValues(`${path}.${k}`, a[k], b[k]));
  }
  if (stableStringify(a ?? null) === stableStringify(b ?? null)) return [];
  return [`${path}: ${show(a)} → ${show(b)}`];
}

function show(v: unknown): string {
  const s =
    v === undefined ? '(none)' : typeof v === 'string' ? JSON.stringify(v) : stableStringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}
