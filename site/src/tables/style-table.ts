import type { BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { interval, num } from '../lib/format.ts';
import { siteUrl } from '../lib/site-url.ts';
import { configurationCell } from './leaderboard-table.ts';
import type { TableModel } from './table-model.ts';

/** Style track: S = 0.35·S_code + 0.65·S_vision per configuration, suite and split. */
export function styleTable(
  style: Board['style'],
  ix: BoardIndex,
  split: string | null = null,
  suite: string | null = null,
): TableModel {
  const rows = style
    .filter((s) => split === null || s.split === split)
    .filter((s) => suite === null || s.suite === suite)
    .sort((a, b) => b.S - a.S || a.submission.localeCompare(b.submission));
  return {
    id: ['style', suite, split]
      .filter((p): p is string => p !== null)
      .join('-')
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-'),
    caption:
      split === null
        ? 'Style track: S, S_code and S_vision per suite and split'
        : `Style track${suite ? `, suite ${suite}` : ''}, split ${split}`,
    rowHeader: 'configuration',
    sortedBy: { key: 'S', direction: 'descending' },
    columns: [
      { key: 'configuration', label: 'Configuration' },
      { key: 'submission', label: 'Submission' },
      { key: 'suite', label: 'Suite' },
      { key: 'split', label: 'Split' },
      { key: 'n', label: 'Tasks', numeric: true },
      { key: 'S', label: 'S', numeric: true, description: '0.35·S_code + 0.65·S_vision' },
      { key: 'ci', label: '95% CI', numeric: true, csv: false },
      { key: 'ciLow', label: 'CI low', numeric: true, show: false },
      { key: 'ciHigh', label: 'CI high', numeric: true, show: false },
      {
        key: 'code',
        label: 'S_code',
        numeric: true,
        description: 'Share of the reference’s style criteria the code meets',
      },
      {
        key: 'vision',
        label: 'S_vision',
        numeric: true,
        description: '100 minus defect penalties',
      },
    ],
    rows: rows.map((s) => ({
      cells: {
        configuration: configurationCell(ix, s.configuration),
        submission: { v: s.submission, href: siteUrl(`submissions/${s.submission}/`) },
        suite: { v: s.suite ?? '' },
        split: { v: s.split },
        n: { v: s.n },
        S: { v: s.S, t: num(s.S) },
        ci: { v: s.ci[0], t: interval(s.ci) },
        ciLow: { v: s.ci[0] },
        ciHigh: { v: s.ci[1] },
        code: { v: s.code, t: num(s.code) },
        vision: { v: s.vision, t: num(s.vision) },
      },
    })),
  };
}
