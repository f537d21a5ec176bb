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

/** Sections with one page per suite: `<section>/` shows the default suite, `<section>/<suite>/` any. */
export type SuiteSection = 'effects' | 'elo' | 'audit' | 'style' | 'tasks' | 'compare';

/** Site-relative path of a section's page for a suite (`<section>/<suite>/`). */
export function suiteSectionPath(section: SuiteSection, suite: string): string {
  return `${section}/${suite}/`;
}
