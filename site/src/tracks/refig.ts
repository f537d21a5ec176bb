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
};
