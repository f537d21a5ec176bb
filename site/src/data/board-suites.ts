import type { Leaderboard } from '@figboard/evaluator/schemas';
import { compareCodeUnits } from '@figboard/evaluator/util';
import { SITE_TRACKS, type SiteTrackId } from '../tracks/index.ts';

/** A board with or without its per-task rows (pages read the board entry, which has none). */
type AnyBoard = Omit<Leaderboard, 'tasks'> & { tasks?: Leaderboard['tasks'] };

/** One suite as the suite switcher shows it. */
export interface SuiteTab {
  name: string;
  version: string;
  track: SiteTrackId;
  taskCount: number;
  /** Configurations (refig) or submissions (style) on the board for this suite. */
  entries: number;
  /** Entries that are not bundled samples. */
  realEntries: number;
}

/** Which suite a configuration or submission belongs to: one configuration is ranked on one suite. */
export interface SuiteLookup {
  ofConfiguration(configuration: string): string | null;
  ofSubmission(submission: string): string | null;
}

/** The suite of every configuration and submission on the board. */
export function suiteLookup(board: AnyBoard): SuiteLookup {
  const byConfiguration = new Map<string, string>();
  const bySubmission = new Map<string, string>();
  for (const s of board.submissions) {
    bySubmission.set(s.id, s.suite.name);
    if (!byConfiguration.has(s.configuration)) byConfiguration.set(s.configuration, s.suite.name);
  }
  // the ranked rows are the authority for configurations (a left-out submission may disagree)
  for (const c of board.configurations) byConfiguration.set(c.id, c.suite);
  return {
    ofConfiguration: (c) => byConfiguration.get(c) ?? null,
    ofSubmission: (s) => bySubmission.get(s) ?? null,
  };
}

/**
 * The suites of one track in switcher order: the default suite first (see `defaultSuite`), then
 * by name. Suites without any entry are listed after those with entries.
 */
export function boardSuites(board: AnyBoard, track: SiteTrackId): SuiteTab[] {
  const look = suiteLookup(board);
  const t = SITE_TRACKS[track];
  const tabs = board.suites
    .filter((s) => s.track === track)
    .map((s): SuiteTab => {
      const entries = t.suiteEntries(board, s.name);
      return {
        name: s.name,
        version: s.version,
        track,
        taskCount: s.taskCount,
        // a suite without entries may still have board rows naming its submissions (style)
        entries:
          entries.length || t.rowOnlyEntries(board, (sub) => look.ofSubmission(sub) === s.name),
        realEntries: entries.filter((e) => !e.sample).length,
      };
    });
  return tabs.sort(
    (a, b) =>
      b.realEntries - a.realEntries || b.entries - a.entries || compareCodeUnits(a.name, b.name),
  );
}

/**
 * The suite a track's pages open on: the one with the most entries that are not bundled samples
 * (a real-figure suite with one genuine entry is the headline, not a sample suite with four
 * demonstrations), then the most entries, then by name. Null when the track has no suite.
 */
export function defaultSuite(board: AnyBoard, track: SiteTrackId): string | null {
  return boardSuites(board, track)[0]?.name ?? null;
}

/** Lower-case, file-name-safe form of a suite name for table ids and CSV names. */
export function suiteSlug(suite: string): string {
  return suite.toLowerCase().replace(/[^a-z0-9._-]+/g, '-') || 'suite';
}

/**
 * The board restricted to one suite: its configurations, effects, Elo rows (and the sub-matrix
 * of pairwise counts), audit, effort, style rows, by-field rows, run stability, reliability rows,
 * submissions and tasks. Every page of a suite is built from this, so no row of another suite
 * can appear in its rankings. Pooled sections (judges, agreement, sensitivity) are kept as they
 * are; pages say when they pool suites.
 */
export function scopeBoard<B extends AnyBoard>(board: B, suite: string): B {
  const look = suiteLookup(board);
  const inSuite = (configuration: string) => look.ofConfiguration(configuration) === suite;
  const keep = board.elo.order.map((c, i) => [c, i] as const).filter(([c]) => inSuite(c));
  const sub = (m: number[][]) => keep.map(([, i]) => keep.map(([, j]) => m[i]?.[j] ?? 0));
  return {
    ...board,
    suites: board.suites.filter((s) => s.name === suite),
    submissions: board.submissions.filter((s) => s.suite.name === suite),
    configurations: board.configurations.filter((c) => c.suite === suite),
    pairedEffects: board.pairedEffects.filter((e) => inSuite(e.from) && inSuite(e.to)),
    harnessEffects: board.harnessEffects.filter((e) => inSuite(e.from) && inSuite(e.to)),
    elo: {
      ...board.elo,
      rows: board.elo.rows.filter((r) => inSuite(r.configuration)),
      order: keep.map(([c]) => c),
      wins: sub(board.elo.wins),
      ties: sub(board.elo.ties),
    },
    runStability: board.runStability?.filter((s) => s.suite === suite),
    judgeReliability: {
      ...board.judgeReliability,
      icc: board.judgeReliability.icc.filter((r) => inSuite(r.configuration)),
    },
    byField: board.byField?.filter((r) => r.suite === suite),
    audit: board.audit.filter((a) => inSuite(a.configuration)),
    effort: board.effort.filter((e) => inSuite(e.configuration)),
    style: board.style.filter((s) => (s.suite ?? look.ofSubmission(s.submission)) === suite),
    ...(board.tasks ? { tasks: board.tasks.filter((t) => t.suite === suite) } : {}),
  };
}

/**
 * Counts of the human judgments inside one suite's pairwise matrix: every decisive judgment is one
 * win in the matrix, every tie is counted in both `ties[i][j]` and `ties[j][i]`.
 */
export function eloJudgments(elo: Pick<Leaderboard['elo'], 'wins' | 'ties'>): number {
  let n = 0;
  for (const [i, row] of elo.wins.entries())
    for (const [j, w] of row.entries()) n += w + (j > i ? (elo.ties[i]?.[j] ?? 0) : 0);
  return n;
}
