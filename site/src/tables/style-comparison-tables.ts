import type { BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { int, interval, num, share, signed } from '../lib/format.ts';
import { configurationCell } from './leaderboard-table.ts';
import type { TableModel } from './table-model.ts';

/** The style comparisons of one style suite (`leaderboard.json` `styleComparisons`). */
type StyleComparisonsSection = NonNullable<Board['styleComparisons']>[number];

/** The comparisons of `suite`, or null when the board has none (boards built before them too). */
export function styleComparisonsOf(
  board: Pick<Board, 'styleComparisons'>,
  suite: string | null,
): StyleComparisonsSection | null {
  return board.styleComparisons?.find((s) => s.suite === suite) ?? null;
}

/**
 * Paired effects of S between style configurations on the references both answered (FigMirror
 * §5): Δ = mean S(a) − S(b), a being the one with the higher mean S, with its bootstrap interval.
 */
export function styleEffectsTable(section: StyleComparisonsSection, ix: BoardIndex): TableModel {
  return {
    id: 'style-effects',
    caption: 'Style effects: paired differences of S on shared references',
    description:
      'Δ = mean over the references both configurations answered of S(a) − S(b); 95% paired bootstrap interval over references; significant when it excludes 0.',
    rowHeader: 'a',
    sortedBy: { key: 'delta', direction: 'descending' },
    columns: [
      { key: 'a', label: 'Configuration a' },
      { key: 'b', label: 'Configuration b' },
      { key: 'n', label: 'References', numeric: true },
      { key: 'delta', label: 'Δ S (a − b)', numeric: true },
      { key: 'ci', label: '95% CI', numeric: true, csv: false },
      { key: 'ciLow', label: 'CI low', numeric: true, show: false },
      { key: 'ciHigh', label: 'CI high', numeric: true, show: false },
      {
        key: 'wtl',
        label: 'a better / b better / same',
        csv: false,
        sortable: false,
        description:
          'References where a scores higher, where b does, and where both score the same',
      },
      { key: 'aBetter', label: 'a better', numeric: true, show: false },
      { key: 'bBetter', label: 'b better', numeric: true, show: false },
      { key: 'same', label: 'same', numeric: true, show: false },
      { key: 'significant', label: 'Significant', description: 'The 95% interval excludes 0' },
    ],
    // largest effect first, as `sortedBy` says (ties: the board's order, a then b)
    rows: [...section.effects.rows]
      .sort((x, y) => y.delta - x.delta || x.a.localeCompare(y.a) || x.b.localeCompare(y.b))
      .map((e) => ({
        data: { significant: String(e.significant) },
        cells: {
          a: configurationCell(ix, e.a),
          b: configurationCell(ix, e.b),
          n: { v: e.n },
          delta: { v: e.delta, t: signed(e.delta) },
          ci: { v: e.ci[0], t: interval(e.ci) },
          ciLow: { v: e.ci[0] },
          ciHigh: { v: e.ci[1] },
          wtl: { v: `${e.aBetter}/${e.bBetter}/${e.same}` },
          aBetter: { v: e.aBetter },
          bBetter: { v: e.bBetter },
          same: { v: e.same },
          significant: { v: e.significant ? 'yes' : 'no' },
        },
      })),
  };
}

/** Style Elo from human style pairs, with win rate and mean S (FigMirror B.5). */
export function styleEloTable(section: StyleComparisonsSection, ix: BoardIndex): TableModel {
  const h = section.human;
  return {
    id: 'style-elo',
    caption: `Style Elo from ${int(h.annotations)} human style pairs over ${int(h.references)} references`,
    description:
      'Bradley–Terry strengths on the Elo scale (mean 1000), a tie half a win to each side, 95% interval from cluster-bootstrap fits over references; win rate = (wins + ties / 2) / pairs; mean S over the references compared on.',
    rowHeader: 'configuration',
    sortedBy: { key: 'elo', direction: 'descending' },
    columns: [
      { key: 'configuration', label: 'Configuration' },
      { key: 'elo', label: 'Style Elo', numeric: true },
      { key: 'ci', label: '95% CI', numeric: true, csv: false },
      { key: 'ciLow', label: 'CI low', numeric: true, show: false },
      { key: 'ciHigh', label: 'CI high', numeric: true, show: false },
      { key: 'wins', label: 'Wins', numeric: true },
      { key: 'losses', label: 'Losses', numeric: true },
      { key: 'ties', label: 'Ties', numeric: true },
      { key: 'n', label: 'Pairs', numeric: true },
      { key: 'winRate', label: 'Win rate', numeric: true },
      { key: 'meanS', label: 'Mean S', numeric: true },
      {
        key: 'provisional',
        label: 'Provisional',
        description: 'In fewer pairs than the board’s provisional threshold',
      },
    ],
    rows: h.elo.map((r) => ({
      cells: {
        configuration: configurationCell(ix, r.configuration),
        elo: { v: r.elo, t: num(r.elo, 0) },
        ci: { v: r.ci[0], t: interval(r.ci, 0) },
        ciLow: { v: r.ci[0] },
        ciHigh: { v: r.ci[1] },
        wins: { v: r.wins },
        losses: { v: r.losses },
        ties: { v: r.ties },
        n: { v: r.n },
        winRate: { v: r.winRate, t: share(r.winRate) },
        meanS: { v: r.meanS, t: num(r.meanS) },
        provisional: { v: r.provisional ? 'yes' : 'no' },
      },
    })),
  };
}
