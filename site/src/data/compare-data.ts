import { DEFAULT_RUBRIC } from '@figboard/evaluator/judge';
import type { Leaderboard } from '@figboard/evaluator/schemas';
import type { TaskEntry } from './load-site-data.ts';

/** Everything the compare page needs for one suite: configurations and their per-task scores. */
export interface CompareData {
  suite: string;
  judge: string;
  rubric: { T: number; S: number; L: number; E: number; V: number };
  /** |difference| at most this counts as a tie in W/T/L (the board's setting). */
  tieMargin: number;
  /** Ranked order (the primary judge's ranking on this suite). */
  configurations: {
    id: string;
    label: string;
    team: string;
    sample: boolean;
    mean: number | null;
  }[];
  tasks: string[];
  /** Per configuration, per task (in `tasks` order): [final, T, S, L, E, V], or null when not judged. */
  scores: Record<string, ([number, number, number, number, number, number] | [number] | null)[]>;
}

/**
 * The compare page's data for one suite, from the board's per-task results (primary judge,
 * scoring run): a missing or gate-failed task is 0 as in every mean, a task the judge could not
 * score is null (left out of the pair, as the board leaves it out of the mean).
 */
export function compareData(
  board: Pick<Leaderboard, 'configurations' | 'primaryJudge' | 'rubric' | 'settings'>,
  tasks: readonly TaskEntry[],
  suite: string,
  label: (configuration: string) => string,
): CompareData {
  const rows = board.configurations
    .filter((c) => c.judge === board.primaryJudge && c.suite === suite)
    // unranked rows (attempts > 1) can be compared too; they come after the ranked ones
    .sort(
      (a, b) =>
        (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
        a.id.localeCompare(b.id),
    );
  const mine = tasks.filter((t) => t.suite === suite);
  const scores: CompareData['scores'] = {};
  for (const c of rows) {
    scores[c.id] = mine.map((t) => {
      const r = t.results.find((x) => x.configuration === c.id);
      if (!r) return [0, 0, 0, 0, 0, 0];
      if (r.final === null) return null;
      const s = r.subscores;
      return s && s.T !== null && s.S !== null && s.L !== null && s.E !== null && s.V !== null
        ? [r.final, s.T, s.S, s.L, s.E, s.V]
        : [r.final];
    });
  }
  return {
    suite,
    judge: board.primaryJudge,
    rubric: board.rubric ?? DEFAULT_RUBRIC,
    tieMargin: board.settings?.tieMargin ?? 0,
    configurations: rows.map((c) => ({
      id: c.id,
      label: label(c.id),
      team: c.team,
      sample: c.sample,
      mean: c.mean,
    })),
    tasks: mine.map((t) => t.id),
    scores,
  };
}
