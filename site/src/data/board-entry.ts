import { getEntry } from 'astro:content';
import { readSiteConfig } from '../config/site-config.ts';
import { getSiteData } from './site-data-cache.ts';
import type { Problem } from '@figboard/evaluator/errors';
import type { Board, SubmissionEntry, TaskEntry } from './load-site-data.ts';

/** The board-level collection entry: the leaderboard without per-task rows, plus input problems. */
export type BoardData = Omit<Board, 'tasks' | 'problems'> & {
  /** Problems found while building this site (missing images, bad ids, broken record lines). */
  problems: Problem[];
  /** Problems `refig leaderboard` reported while computing the board. */
  boardProblems: NonNullable<Board['problems']>;
  dataDir: string;
};

let boardPromise: Promise<BoardData> | undefined;

/** Reads the board entry (validated by the loader with the evaluator's schema), once per build. */
export function loadBoard(): Promise<BoardData> {
  boardPromise ??= Promise.resolve(getEntry('board', 'board')).then((entry) => {
    if (!entry)
      throw new Error('FigBoard site: the board collection is empty (the loader did not run)');
    return entry.data as unknown as BoardData;
  });
  return boardPromise;
}

/**
 * All task entries in stable order (suite, then task id). Read from the validated site data, not
 * a content collection: see the note in content.config.ts.
 */
export async function loadTasks(): Promise<TaskEntry[]> {
  const data = await getSiteData(readSiteConfig().dataDir);
  return [...data.tasks].sort((a, b) => a.suite.localeCompare(b.suite) || a.id.localeCompare(b.id));
}

/** All submission entries, sorted by id. */
export async function loadSubmissions(): Promise<SubmissionEntry[]> {
  const data = await getSiteData(readSiteConfig().dataDir);
  return [...data.submissions].sort((a, b) => a.id.localeCompare(b.id));
}
