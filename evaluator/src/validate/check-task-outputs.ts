import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../errors/problem.ts';
import type { TrackId } from '../tracks/track.ts';
import { TRACKS } from '../tracks/registry.ts';
import { listSome } from '../util/cap-text.ts';
import { ARTIFACTS_DIR } from './submission-rules.ts';

/** Below this share of answered suite tasks an entry is marked incomplete wherever it is shown. */
export const COMPLETE_SHARE = 0.9;

/**
 * THE incomplete rule: an entry answering fewer than {@link COMPLETE_SHARE} of its suite's tasks
 * is marked incomplete (`refig validate`'s `incomplete` warning, the bot's scorecard).
 */
export function isIncomplete(answered: number, total: number | null): boolean {
  return total !== null && total > 0 && answered < COMPLETE_SHARE * total;
}

/** Largest error.log read for its first line (the validator's size limit applies separately). */
const ERROR_LOG_HEAD_BYTES = 4096;

export interface TaskOutputsInput {
  /** Folder the artifacts are read from (the submission, or an unpacked archive). */
  dir: string;
  /** How files are named in messages. */
  display: string;
  track: TrackId;
  /** Task folder → the file names it holds (suite tasks only). */
  taskFiles: ReadonlyMap<string, readonly string[]>;
  /** The suite's task count, or null when the suite is unknown. */
  suiteTaskCount: number | null;
}

/**
 * What a dead entry looks like before anything is rendered: the track's checks of each answer
 * (`Track.artifacts.checkOutput`; refig: decks that are not exactly one slide, read from
 * `presentation.xml` by the safe reader, no LibreOffice; the gate would give them 0),
 * tasks whose only output is an error.log (named by its first line; many alike are one warning),
 * and an entry answering fewer than {@link COMPLETE_SHARE} of the suite (a smoke run is not an
 * entry). Warnings: a failed task is a legitimate result, but the submitter should know now.
 */
export async function checkTaskOutputs(input: TaskOutputsInput): Promise<Problem[]> {
  const problems: Problem[] = [];
  const artifacts = TRACKS[input.track].artifacts;
  const at = (rel: string) => `${input.display}/${rel}`;
  const failed = new Map<string, string[]>();
  let answered = 0;
  for (const [task, names] of [...input.taskFiles].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const has = new Set(names);
    const { output } = artifacts;
    if (has.has(output)) {
      answered += 1;
      const rel = `${ARTIFACTS_DIR}/${task}/${output}`;
      problems.push(...(await artifacts.checkOutput(join(input.dir, rel), at(rel))));
    }
    if (!has.has(output) && has.has('error.log')) {
      const first = await firstLine(join(input.dir, ARTIFACTS_DIR, task, 'error.log'));
      failed.set(first, [...(failed.get(first) ?? []), task]);
    }
  }
  for (const [first, tasks] of failed) {
    const one = tasks.length === 1;
    problems.push({
      severity: 'warning',
      rule: 'error-log-only',
      file: at(one ? `${ARTIFACTS_DIR}/${tasks[0]}/error.log` : ARTIFACTS_DIR),
      message: `${one ? 'the task has' : `${tasks.length} tasks have`} only an error.log (no ${artifacts.outputNoun}; ${one ? 'it scores' : 'they score'} 0): "${first}"${one ? '' : `: ${listSome(tasks)}`}`,
      hint: 'if the agent setup was broken, fix it and re-run these tasks (refig run --retry-failed)',
    });
  }
  const total = input.suiteTaskCount;
  if (isIncomplete(answered, total))
    problems.push({
      severity: 'warning',
      rule: 'incomplete',
      file: at(ARTIFACTS_DIR),
      message: `the entry answers ${answered} of ${total} suite tasks (under ${Math.round(COMPLETE_SHARE * 100)}%): it is marked incomplete, and every unanswered task scores 0`,
    });
  return problems;
}

/** The first non-empty line of a file (an `error.log`), at most 200 characters. */
export async function firstLine(path: string): Promise<string> {
  const text = await readFile(path)
    .then((b) => b.subarray(0, ERROR_LOG_HEAD_BYTES).toString('utf8'))
    .catch(() => '');
  const line =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '(empty)';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
