import type { BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { int, interval, num } from '../lib/format.ts';
import { configurationCell } from './leaderboard-table.ts';
import type { Cell, TableModel } from './table-model.ts';

type Elo = Board['elo'];

/**
 * The pairwise matrix reordered by rating, best first (rows and columns), so the heatmap and its
 * table read from the strongest configuration down; unrated configurations last, by id.
 */
export function eloByRating(elo: Elo): Elo {
  const rank = new Map(
    [...elo.rows]
      .sort((a, b) => b.elo - a.elo || a.configuration.localeCompare(b.configuration))
      .map((r, i) => [r.configuration, i]),
  );
  const by = elo.order
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (rank.get(a.c) ?? 1e9) - (rank.get(b.c) ?? 1e9) || a.c.localeCompare(b.c));
  return {
    ...elo,
    order: by.map((x) => x.c),
    wins: by.map((r) => by.map((c) => elo.wins[r.i]?.[c.i] ?? 0)),
    ties: by.map((r) => by.map((c) => elo.ties[r.i]?.[c.i] ?? 0)),
  };
}

/** Human Bradley–Terry Elo per configuration with cluster-bootstrap CI and W/L/T/N. */
export function eloTable(elo: Elo, ix: BoardIndex): TableModel {
  const rows = [...elo.rows].sort(
    (a, b) => b.elo - a.elo || a.configuration.localeCompare(b.configuration),
  );
  return {
    id: 'human-elo',
    caption: `Human Elo from ${int(elo.annotations)} blinded pairwise judgments over ${int(elo.tasks)} tasks`,
    description:
      'Bradley–Terry strengths on the Elo scale (mean 1000); a tie counts half a win to each side; 95% CI from cluster-bootstrap fits over tasks.',
    rowHeader: 'configuration',
    sortedBy: { key: 'elo', direction: 'descending' },
    columns: [
      { key: 'configuration', label: 'Configuration' },
      { key: 'elo', label: 'Elo', numeric: true },
      { key: 'ci', label: '95% CI', numeric: true, csv: false },
      { key: 'ciLow', label: 'CI low', numeric: true, show: false },
      { key: 'ciHigh', label: 'CI high', numeric: true, show: false },
      { key: 'wins', label: 'Wins', numeric: true },
      { key: 'losses', label: 'Losses', numeric: true },
      {
        key: 'ties',
        label: 'Ties',
        numeric: true,
        description: 'Ties, and below them how many were shared successes / shared failures',
      },
      { key: 'sharedSuccess', label: 'Shared-success ties', numeric: true, show: false },
      { key: 'sharedFailure', label: 'Shared-failure ties', numeric: true, show: false },
      { key: 'n', label: 'N', numeric: true },
      {
        key: 'provisional',
        label: 'Provisional',
        description: 'Too few comparisons for a stable rating',
      },
    ],
    rows: rows.map((r) => ({
      data: {
        line: ix.role(r.configuration) !== 'entry' || ix.sample(r.configuration) ? 'yes' : 'no',
      },
      cells: {
        configuration: configurationCell(ix, r.configuration),
        elo: { v: r.elo, t: num(r.elo, 0) },
        ci: { v: r.ci[0], t: interval(r.ci, 0) },
        ciLow: { v: r.ci[0] },
        ciHigh: { v: r.ci[1] },
        wins: { v: r.wins },
        losses: { v: r.losses },
        ties: {
          v: r.ties,
          sub:
            r.sharedSuccess === undefined
              ? undefined
              : `${r.sharedSuccess} success · ${r.sharedFailure ?? 0} failure`,
        },
        sharedSuccess: { v: r.sharedSuccess ?? null },
        sharedFailure: { v: r.sharedFailure ?? null },
        n: { v: r.n },
        provisional: { v: r.provisional ? 'yes' : 'no' },
      },
    })),
  };
}

/** The pairwise matrix as a table: cell = "wins / ties" of the row against the column. */
export function eloMatrixTable(elo: Elo, ix: BoardIndex): TableModel {
  const order = elo.order;
  return {
    id: 'human-pairwise',
    caption: 'Pairwise human judgments: wins / ties of the row configuration against the column',
    rowHeader: 'configuration',
    columns: [
      { key: 'configuration', label: 'Configuration' },
      ...order.map((c, j) => ({
        key: `c${j}`,
        label: ix.label(c),
        numeric: true,
        csvLabel: c,
        sortable: false,
      })),
    ],
    rows: order.map((c, i) => {
      const cells: Record<string, Cell> = { configuration: configurationCell(ix, c) };
      order.forEach((_, j) => {
        const w = elo.wins[i]?.[j] ?? 0;
        const t = elo.ties[i]?.[j] ?? 0;
        cells[`c${j}`] = i === j ? { v: null, t: '—' } : { v: w, t: `${w} / ${t}` };
      });
      return { cells };
    }),
  };
}
