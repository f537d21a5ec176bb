import { getCollection, getEntry } from 'astro:content';
import type { Problem } from '@figboard/evaluator/errors/index.ts';
import type { Board, SubmissionEntry, TaskEntry } from './load-site-data.ts';

/** The board-level collection entry: the leaderboard without per-task rows, plus input problems. */
export type BoardData = Omit<Board, 'tasks'> & { problems: Problem[]; dataDir: string };

/** Reads the board entry (validated by the loader with the evaluator's schema). */
export async function loadBoard(): Promise<BoardData> {
  const entry = await getEntry('board', 'board');
  if (!entry) throw new Error('FigBoard site: the board collection is empty (the loader did not run)');
  return entry.data as unknown as BoardData;
}

/** All task entries in stable order (suite, then task id). */
export async function loadTasks(): Promise<TaskEntry[]> {
  const entries = await getCollection('tasks');
  return entries.map((e) => e.data as unknown as TaskEntry).sort((a, b) => a.suite.localeCompare(b.suite) || a.id.localeCompare(b.id));
}

/** All submission entries, sorted by id. */
export async function loadSubmissions(): Promise<SubmissionEntry[]> {
  const entries = await getCollection('submissions');
  return entries.map((e) => e.data as unknown as SubmissionEntry).sort((a, b) => a.id.localeCompare(b.id));
}
