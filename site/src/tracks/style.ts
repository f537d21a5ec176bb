import { styleCompareData } from '../data/compare-data.ts';
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
  compare: {
    data: (board, _tasks, submissions, suite, urls) =>
      styleCompareData(board, submissions, suite, urls.submissions),
    agentEntries: (board, suite) =>
      board.submissions.filter((s) => s.suite.name === suite && s.role === 'entry').length,
    noun: 'submissions',
    measureNote: () =>
      'style score S 0–100, with its parts S_code and S_vision; a missing output counts 0',
    taskNote: 'A task opens on the reference pick’s submission page.',
  },
};
