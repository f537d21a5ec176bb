import { judgeSlug } from '../tables/leaderboard-table.ts';

/**
 * Site-relative path of a judge's leaderboard on a suite: the home page for the primary judge on
 * the default suite, else `leaderboard/<judge>/<suite>/` (every judge × suite pair has a page).
 */
export function leaderboardPath(
  judge: string,
  suite: string,
  home: { primaryJudge: string; defaultSuite: string | null },
): string {
  if (judge === home.primaryJudge && suite === home.defaultSuite) return '';
  return `leaderboard/${judgeSlug(judge)}/${suite}/`;
}
