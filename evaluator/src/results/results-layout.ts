import { posix } from 'node:path';

/**
 * THE layout of a submission's `results/` folder (one owner: `@figboard/evaluator/results`).
 * Every path into it is built here and every run number is parsed here, by the evaluator, the
 * Action, the bot, the site and the leaderboard alike.
 */
export const RESULTS_DIR = 'results';

/** The files and folders inside it. */
export const RESULT_FILES = {
  /** Refig track: one `ArtifactRecord` per task (gate, audit, render). */
  artifacts: 'artifacts.jsonl',
  /** Refig track: one `EffortRecord` per task (agent-log effort). */
  effort: 'effort.jsonl',
  /** Style track: one `StyleRecord` per task (code and vision channels). */
  style: 'style.jsonl',
  /** The summary of the folder (`SubmissionSummary`), written last and atomically. */
  summary: 'summary.json',
  /** `renders/<task>.png`: the refig track's slide renders. */
  renders: 'renders',
  /** `judgments/<judge>/run-<k>.jsonl`: one folder per judge, one file per run. */
  judgments: 'judgments',
} as const;

/**
 * A judge's run file name: `run-<k>.jsonl` with k of one to three digits (a judge makes at most
 * 20 runs, figboard.yml `runs`). The one definition of the pattern; anything else in a judge's
 * folder is not a run.
 */
export const RUN_FILE_PATTERN = /^run-(\d{1,3})\.jsonl$/;

/** `run-<k>.jsonl`. */
export function runFileName(run: number): string {
  return `run-${run}.jsonl`;
}

/** `judgments/<judge>/run-<k>.jsonl`, relative to the results folder (POSIX separators). */
export function runFilePath(judge: string, run: number): string {
  return posix.join(RESULT_FILES.judgments, judge, runFileName(run));
}

/** The run number of a run file name, or null when `name` is not one. */
export function parseRunFile(name: string): number | null {
  const m = RUN_FILE_PATTERN.exec(name);
  return m ? Number(m[1]) : null;
}

/** `{ judge, run }` of a results-relative path `judgments/<judge>/run-<k>.jsonl`, or null. */
export function parseRunFilePath(rel: string): { judge: string; run: number } | null {
  const parts = rel.split('/');
  if (parts.length !== 3 || parts[0] !== RESULT_FILES.judgments || parts[1] === '') return null;
  const run = parseRunFile(parts[2]!);
  return run === null ? null : { judge: parts[1]!, run };
}

/** `renders/<task>.png`, relative to the results folder. */
export function renderPath(task: string): string {
  return posix.join(RESULT_FILES.renders, `${task}.png`);
}
