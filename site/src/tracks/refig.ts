import { refigCompareData } from '../data/compare-data.ts';
import type { SiteTrack } from './site-track.ts';

/** The refig track on the site: configurations ranked per judge on decks. */
export const REFIG_SITE_TRACK: SiteTrack = {
  id: 'refig',
  suiteEntries: (board, suite) => [
    ...new Map(
      board.configurations.filter((c) => c.suite === suite).map((c) => [c.id, c]),
    ).values(),
  ],
  rowOnlyEntries: () => 0,
  rankedPerJudge: true,
  judgments: 'primary-judge',
  styleRows: false,
  ownsConfigurationPage: true,
  compare: {
    data: (board, tasks, _submissions, suite, urls) =>
      refigCompareData(board, tasks, suite, `${urls.tasks}${suite}/`),
    agentEntries: (board, suite) =>
      new Set(
        board.configurations
          .filter((c) => c.suite === suite && c.judge === board.primaryJudge && c.role === 'entry')
          .map((c) => c.id),
      ).size,
    noun: 'configurations',
    measureNote: (judge) =>
      `judge ${judge}, final score 0–100, scoring run; a missing or failed artifact counts 0`,
    taskNote: 'Open a task to see every rendering beside the source.',
  },
};
