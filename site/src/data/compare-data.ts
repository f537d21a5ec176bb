import { compareCodeUnits } from '@figboard/evaluator/util';
import { AXES, DEFAULT_RUBRIC } from '@figboard/evaluator/judge';
import type { Leaderboard } from '@figboard/evaluator/schemas';
import { SITE_TRACKS } from '../tracks/index.ts';
import { configurationLabel } from './configuration-label.ts';
import type { SubmissionEntry, TaskEntry } from './load-site-data.ts';

/** Most entries the compare page puts side by side. */
export const MAX_COMPARED = 4;

type Role = Leaderboard['configurations'][number]['role'];

/** One thing the compare page can pick: a refig configuration or a style submission. */
export interface CompareEntry {
  id: string;
  label: string;
  team: string;
  role: Role;
  sample: boolean;
  rank: number | null;
  /** The headline mean on this suite (refig: final score; style: S). */
  mean: number | null;
  /** Where a task of this entry opens: `{task}` is replaced by the task id. */
  taskHref: string;
  /** The maintainers reproduced this entry's results. */
  verified: boolean;
}

/** Everything the compare page needs for one suite: entries and their per-task scores. */
export interface CompareData {
  suite: string;
  track: 'refig' | 'style';
  /** The judge the scores come from (refig: the primary judge; style: the style scorer). */
  judge: string;
  /** What each per-task score array holds, in order; the first is the headline score. */
  measures: { key: string; label: string; max: number }[];
  /** |difference| at most this counts as a tie in wins/ties/losses (the board's setting). */
  tieMargin: number;
  /** Ranked order: entries (rank, then mean), then baselines, then upper references, by mean. */
  entries: CompareEntry[];
  /** What the page opens on: the top entries (never a baseline while two entries exist). */
  defaultSelection: string[];
  /** How many of `entries` are ranked agent entries (not baselines or reference lines). */
  agentEntries: number;
  tasks: string[];
  /** Per entry, per task (in `tasks` order): one value per measure (null: that part not
   * scored), or null when the task was not scored at all (left out of every pair). */
  scores: Record<string, ((number | null)[] | null)[]>;
}

export type CompareBoard = Pick<
  Leaderboard,
  'configurations' | 'primaryJudge' | 'rubric' | 'settings' | 'submissions' | 'style'
>;

/** Agent entries first, then baselines, then upper references (a ceiling, not a rival). */
const ROLE_ORDER: Record<Role, number> = { entry: 0, baseline: 1, 'upper-reference': 2 };

const byRank = (a: CompareEntry, b: CompareEntry) =>
  ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
  (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
  (b.mean ?? -1) - (a.mean ?? -1) ||
  compareCodeUnits(a.id, b.id);

/**
 * The entries the page opens on: up to four ranked agent entries, best first. A suite with fewer
 * than two agent entries is filled up to two with its baselines (best first; an upper reference
 * only when there are not enough), so the page still compares something and says so.
 */
export function defaultSelection(entries: readonly CompareEntry[]): string[] {
  const ranked = [...entries].sort(byRank);
  const agents = ranked.filter((e) => e.role === 'entry');
  if (agents.length >= 2) return agents.slice(0, MAX_COMPARED).map((e) => e.id);
  const rest = ranked.filter((e) => e.role !== 'entry');
  return [...agents, ...rest].slice(0, 2).map((e) => e.id);
}

const isVerified = (board: CompareBoard, ids: readonly string[]) =>
  ids.length > 0 &&
  ids.every((id) => board.submissions.find((s) => s.id === id)?.verified !== undefined);

/**
 * The compare data of a refig suite, from the board's per-task results (primary judge, scoring
 * run): a missing or gate-failed task is 0 as in every mean, a task the judge could not score is
 * null (left out of the pair, as the board leaves it out of the mean).
 */
export function refigCompareData(
  board: CompareBoard,
  tasks: readonly TaskEntry[],
  suite: string,
  tasksBase: string,
): CompareData {
  const rows = board.configurations.filter(
    (c) => c.judge === board.primaryJudge && c.suite === suite,
  );
  const entries = rows
    .map(
      (c): CompareEntry => ({
        id: c.id,
        label: configurationLabel(c),
        team: c.team,
        role: c.role,
        sample: c.sample,
        rank: c.rank,
        mean: c.mean,
        taskHref: `${tasksBase}{task}/`,
        verified: isVerified(board, c.submissions),
      }),
    )
    .sort(byRank);
  const mine = tasks.filter((t) => t.suite === suite);
  const scores: CompareData['scores'] = {};
  for (const c of entries) {
    scores[c.id] = mine.map((t) => {
      const r = t.results.find((x) => x.configuration === c.id);
      if (!r) return [0, 0, 0, 0, 0, 0];
      if (r.final === null) return null;
      const s = r.subscores;
      return [r.final, s?.T ?? null, s?.S ?? null, s?.L ?? null, s?.E ?? null, s?.V ?? null];
    });
  }
  const rubric = board.rubric ?? DEFAULT_RUBRIC;
  return {
    suite,
    track: 'refig',
    judge: board.primaryJudge,
    measures: [
      { key: 'final', label: 'Final', max: 100 },
      ...AXES.map((k) => ({ key: k, label: k, max: rubric[k] })),
    ],
    tieMargin: board.settings?.tieMargin ?? 0,
    entries,
    defaultSelection: defaultSelection(entries),
    agentEntries: entries.filter((e) => e.role === 'entry').length,
    tasks: mine.map((t) => t.id),
    scores,
  };
}

/**
 * The compare data of a style suite, from each style submission's per-task records: S, S_code
 * and S_vision per task (a task without a record scores 0, as in the board's means, except a
 * hidden-split one, which was not scored and is left out). Entries are the
 * suite's style submissions; the board's `style` rows (split `all`) give their means.
 */
export function styleCompareData(
  board: CompareBoard,
  submissions: readonly SubmissionEntry[],
  suite: string,
  submissionsBase: string,
): CompareData {
  // a suite belongs to one track, so its submissions are this style suite's
  const subs = submissions.filter((s) => s.info.suite.name === suite);
  const entries = subs
    .map((s): CompareEntry => {
      const row = board.style.find((r) => r.submission === s.id && r.split === 'all');
      return {
        id: s.id,
        label: configurationLabel(s.info),
        team: s.info.team,
        role: s.info.role,
        sample: s.info.sample,
        rank: null,
        mean: row?.S ?? null,
        taskHref: `${submissionsBase}${s.id}/#st-{task}`,
        verified: s.info.verified !== undefined,
      };
    })
    .sort(byRank);
  const taskIds = [...new Set(subs.flatMap((s) => s.style.map((r) => r.task)))].sort();
  // a hidden-split task without a record was not scored (no key); any other missing one is 0
  const hidden = new Set(subs.flatMap((s) => s.style.filter((r) => r.hidden).map((r) => r.task)));
  const scores: CompareData['scores'] = {};
  for (const e of entries) {
    const byTask = new Map(subs.find((s) => s.id === e.id)!.style.map((r) => [r.task, r]));
    scores[e.id] = taskIds.map((t) => {
      const r = byTask.get(t);
      return r ? [r.S, r.code, r.vision] : hidden.has(t) ? null : [0, 0, 0];
    });
  }
  return {
    suite,
    track: 'style',
    judge: 'style',
    measures: [
      { key: 'S', label: 'S', max: 100 },
      { key: 'code', label: 'S_code', max: 100 },
      { key: 'vision', label: 'S_vision', max: 100 },
    ],
    tieMargin: board.settings?.tieMargin ?? 0,
    entries,
    defaultSelection: defaultSelection(entries),
    agentEntries: entries.filter((e) => e.role === 'entry').length,
    tasks: taskIds,
    scores,
  };
}

/** The compare data of any suite on the board (refig or style), or null for an unknown suite. */
export function compareDataFor(
  board: CompareBoard & Pick<Leaderboard, 'suites'>,
  tasks: readonly TaskEntry[],
  submissions: readonly SubmissionEntry[],
  suite: string,
  urls: { tasks: string; submissions: string },
): CompareData | null {
  const track = board.suites.find((s) => s.name === suite)?.track;
  return track === undefined
    ? null
    : SITE_TRACKS[track].compare.data(board, tasks, submissions, suite, urls);
}
