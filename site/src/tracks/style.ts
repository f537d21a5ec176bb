import type { SiteTrack } from './site-track.ts';

/** The style track on the site: submissions' figure.py renderings beside the reference. */
export const STYLE_SITE_TRACK: SiteTrack = {
  id: 'style',
  suiteEntries: (board, suite) =>
    board.submissions.filter((x) => x.track === STYLE_SITE_TRACK.id && x.suite.name === suite),
  rowOnlyEntries: (board, inSuite) =>
    new Set(board.style.filter((r) => inSuite(r.submission)).map((r) => r.submission)).size,
  rankedPerJudge: false,
  judgments: 'vision-judges',
  styleRows: true,
  ownsConfigurationPage: false,
};
