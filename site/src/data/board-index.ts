import { DEFAULT_RUBRIC, type RubricWeights } from '@figboard/evaluator/judge';
import type { Leaderboard } from '@figboard/evaluator/schemas';
import { suiteLookup } from './board-suites.ts';
import { configurationLabel } from './configuration-label.ts';
import { compareCodeUnits } from '@figboard/evaluator/util';
import { SITE_TRACKS } from '../tracks/index.ts';

type Board = Omit<Leaderboard, 'tasks'>;
type EloRow = Leaderboard['elo']['rows'][number];
export type Role = Leaderboard['configurations'][number]['role'];

/** The badge of a row that is not a ranked agent entry (null for one). */
export function roleBadge(role: Role, sample: boolean): string | null {
  const line =
    role === 'baseline' ? 'baseline' : role === 'upper-reference' ? 'upper reference' : null;
  return line && sample ? `${line} · sample` : (line ?? (sample ? 'sample' : null));
}

/** Lookups every page needs over one board: labels, submission of a configuration, Elo, judges. */
export interface BoardIndex {
  /** "model · harness · workflow" for a configuration id (the id itself when unknown). */
  label(configuration: string): string;
  /** First submission of a configuration (its page is the configuration's page). */
  submissionOf(configuration: string): string | null;
  team(configuration: string): string | null;
  sample(configuration: string): boolean;
  /** entry (ranked) or a reference line (baseline, upper-reference: badged, never ranked). */
  role(configuration: string): Role;
  elo(configuration: string): EloRow | null;
  /** The maintainers reproduced every submission counted in the row (the latest mark), or null. */
  verified(configuration: string): { date: string; by: string } | null;
  /** Judge ids in display order: primary first, then the board's judge list, then any others. */
  judges: string[];
  primaryJudge: string;
  judgeInfo(id: string): Board['judges'][number] | null;
  /** Configuration rows of one judge, by suite, best rank first within a suite. */
  rowsFor(judge: string): Board['configurations'];
  /** The suite a configuration is ranked on (null when unknown). */
  suiteOf(configuration: string): string | null;
  /** Every configuration id, in stable (sorted) order. */
  configurations: string[];
  /**
   * The rubric maxima the board's judgments were scored under (`leaderboard.json` `rubric`; a
   * board built before it records none was scored under the default rubric).
   */
  rubric: RubricWeights;
}

/** Builds the lookups for a board. Pure; safe to call per page. */
export function indexBoard(board: Board): BoardIndex {
  const labels = new Map<string, string>();
  const subs = new Map<string, string>();
  const teams = new Map<string, string>();
  const samples = new Map<string, boolean>();
  const roles = new Map<string, Role>();
  for (const s of board.submissions) {
    if (s.role !== 'entry') roles.set(s.configuration, s.role);
    samples.set(s.configuration, (samples.get(s.configuration) ?? true) && s.sample);
    if (!labels.has(s.configuration)) labels.set(s.configuration, configurationLabel(s));
    // a configuration's page is its refig-track submission when it has one
    if (!subs.has(s.configuration) || SITE_TRACKS[s.track].ownsConfigurationPage)
      subs.set(s.configuration, s.id);
  }
  for (const c of board.configurations) {
    labels.set(c.id, configurationLabel(c));
    if (c.submissions[0]) subs.set(c.id, c.submissions[0]);
    teams.set(c.id, c.team);
    samples.set(c.id, c.sample);
    roles.set(c.id, c.role);
  }
  // a row is verified when every submission it counts carries the maintainers' mark
  const verifiedRows = new Map<string, { date: string; by: string } | null>();
  const subById = new Map(board.submissions.map((s) => [s.id, s]));
  for (const c of board.configurations) {
    if (verifiedRows.has(c.id)) continue;
    const ids = c.submissions.length
      ? c.submissions
      : board.submissions.filter((s) => s.configuration === c.id).map((s) => s.id);
    const marks = ids.map((id) => subById.get(id)?.verified ?? null);
    const all = marks.length > 0 && marks.every((m) => m !== null);
    // the latest of the marks: when the row was last reproduced
    verifiedRows.set(
      c.id,
      all ? marks.reduce((a, b) => (b && a && b.date > a.date ? b : a)) : null,
    );
  }
  // style rows have no configuration row: every submission of the configuration must be marked
  for (const s of board.submissions) {
    if (verifiedRows.has(s.configuration)) continue;
    const marks = board.submissions
      .filter((x) => x.configuration === s.configuration)
      .map((x) => x.verified ?? null);
    verifiedRows.set(
      s.configuration,
      marks.every((m) => m !== null)
        ? marks.reduce((a, b) => (b && a && b.date > a.date ? b : a))
        : null,
    );
  }
  const suites = suiteLookup(board);
  const elo = new Map(board.elo.rows.map((r) => [r.configuration, r]));
  const judgeIds = new Set<string>([
    board.primaryJudge,
    ...board.judges.map((j) => j.id),
    ...board.configurations.map((c) => c.judge),
  ]);
  const judges = [...judgeIds].filter(
    (j) => board.configurations.some((c) => c.judge === j) || j === board.primaryJudge,
  );
  return {
    label: (c) => labels.get(c) ?? c,
    submissionOf: (c) => subs.get(c) ?? null,
    team: (c) => teams.get(c) ?? null,
    sample: (c) => samples.get(c) ?? false,
    role: (c) => roles.get(c) ?? 'entry',
    elo: (c) => elo.get(c) ?? null,
    verified: (c) => verifiedRows.get(c) ?? null,
    judges,
    primaryJudge: board.primaryJudge,
    judgeInfo: (id) => board.judges.find((j) => j.id === id) ?? null,
    rowsFor: (judge) =>
      board.configurations
        .filter((c) => c.judge === judge)
        .sort(
          (a, b) =>
            compareCodeUnits(a.suite, b.suite) ||
            (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
            (b.mean ?? -1) - (a.mean ?? -1) ||
            a.id.localeCompare(b.id),
        ),
    suiteOf: (c) => suites.ofConfiguration(c),
    configurations: [...new Set(board.configurations.map((c) => c.id))].sort(),
    rubric: board.rubric ?? DEFAULT_RUBRIC,
  };
}
