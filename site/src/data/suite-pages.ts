import type { BoardData } from './board-entry.ts';
import { boardSuites, defaultSuite } from './board-suites.ts';

/**
 * Static paths of a section with one page per suite of a track (`<section>/<suite>/`); the
 * section's index page shows the default suite. A board without any suite of the track still gets
 * its index page (with an empty state), so links never break.
 */
export function suitePaths(board: BoardData, track: 'refig' | 'style') {
  return boardSuites(board, track).map((s) => ({
    params: { suite: s.name },
    props: { suite: s.name },
  }));
}

/** The tabs of a suite switcher linking to `<section>/<suite>/` (the default suite to `<section>/`). */
export function suiteTabs(
  board: BoardData,
  track: 'refig' | 'style',
  href: (suite: string, isDefault: boolean) => string,
) {
  const first = defaultSuite(board, track);
  return boardSuites(board, track).map((s) => ({
    name: s.name,
    href: href(s.name, s.name === first),
    entries: s.entries,
    taskCount: s.taskCount,
  }));
}
