import type { z } from 'zod';
import { runPool } from '../evaluate/run-pool.ts';
import { appendJsonl, readJsonl, repairJsonlTail } from '../records/jsonl-file.ts';
import type { RecordScorers } from '../scorers/record-scorers.ts';

/** One task a judge may judge in a run, with the input hash of its record. */
export interface JudgeCandidate<T> {
  task: string;
  inputHash: string;
  item: T;
}

/** A judged record, or the judge itself failed (a rejected key): the run stops. */
export type JudgeMade<R> = { record: R } | { stop: string };

/**
 * Where records about to be re-made under other scorer versions are noted and announced
 * (`RescoreLog`; a type here, so the style judge's code never loads the scorer registry's folder).
 */
export interface RescoreNotes {
  note(
    file: string,
    recorded: RecordScorers | undefined,
    current: RecordScorers,
    existed: boolean,
  ): void;
  announce(file: string, log: (line: string) => void): void;
}

/** Minimal shape of a judgment record (both tracks' record schemas have it). */
interface JudgedRecord {
  task: string;
  inputHash: string;
  status: string;
  scorers?: RecordScorers | undefined;
}

export interface JudgeRunSpec<T, R extends JudgedRecord> {
  /** The run file (absolute) and its name relative to the results folder (for log lines). */
  file: string;
  relativeFile: string;
  schema: z.ZodType<R>;
  candidates: readonly JudgeCandidate<T>[];
  /** Scorer versions the new records are made under. */
  scorers: RecordScorers;
  /** Judge again a task whose record is `failed` (else a failed record is final). */
  retryFailed: boolean;
  /** Absent: re-made records are not announced. */
  rescoring?: RescoreNotes | undefined;
  log: (line: string) => void;
  /** Whether the task needs a judge call; the others (missing, refused) are recorded first. */
  needsCall: (item: T) => boolean;
  /** The record of one task (never throws for a bad task: a failure is a `failed` record). */
  make: (candidate: JudgeCandidate<T>) => Promise<JudgeMade<R>>;
  concurrency: number;
  /** Progress: before any work (tasks to judge), after each record, at the end. */
  onStart?: (pending: number) => void;
  onRecord?: (task: string, wallMs: number) => void;
  onEnd?: () => void;
}

export interface JudgeRunOutcome {
  judged: number;
  reused: number;
  /** Why the judge stopped (judge-wide failure), or null. */
  stop: string | null;
}

/**
 * THE judge × run × task loop of both tracks, for one judge's run: records whose input hash is
 * already in the run file are reused (no call; a failed one is judged again with retryFailed),
 * records of another scorer version are announced once, tasks that need no call are recorded
 * first (so what a run writes before a judge-wide failure does not depend on timing), then the
 * rest `concurrency` at a time, each appended as soon as it exists so a killed run resumes. A
 * judge-wide failure stops new calls; the calls in flight still land.
 */
export async function runJudgeRun<T, R extends JudgedRecord>(
  spec: JudgeRunSpec<T, R>,
): Promise<JudgeRunOutcome> {
  const outcome: JudgeRunOutcome = { judged: 0, reused: 0, stop: null };
  await repairJsonlTail(spec.file);
  const done = new Map((await readJsonl(spec.file, spec.schema)).records.map((r) => [r.task, r]));
  const pending: JudgeCandidate<T>[] = [];
  for (const c of spec.candidates) {
    const prev = done.get(c.task);
    if (prev && prev.inputHash === c.inputHash && !(spec.retryFailed && prev.status === 'failed')) {
      outcome.reused += 1;
      continue;
    }
    if (prev?.inputHash !== c.inputHash)
      spec.rescoring?.note(spec.relativeFile, prev?.scorers, spec.scorers, prev !== undefined);
    pending.push(c);
  }
  spec.rescoring?.announce(spec.relativeFile, spec.log);
  if (pending.length === 0) return outcome;
  spec.onStart?.(pending.length);
  const save = async (c: JudgeCandidate<T>, started: number) => {
    const made = await spec.make(c);
    if ('stop' in made) {
      outcome.stop ??= made.stop;
      return;
    }
    await appendJsonl(spec.file, spec.schema, [made.record]);
    outcome.judged += 1;
    spec.onRecord?.(c.task, Date.now() - started);
  };
  try {
    for (const c of pending.filter((p) => !spec.needsCall(p.item))) await save(c, Date.now());
    await runPool(
      pending.filter((p) => spec.needsCall(p.item)),
      spec.concurrency,
      async (c) => {
        if (outcome.stop === null) await save(c, Date.now());
      },
    );
  } finally {
    spec.onEnd?.();
  }
  return outcome;
}
