import type { BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { interval, signed } from '../lib/format.ts';
import { configurationCell, judgeSlug } from './leaderboard-table.ts';
import type { TableModel } from './table-model.ts';

type Effect = Board['pairedEffects'][number];

/** A readable name for an effect: what was held fixed and what changed. */
export function effectLabel(e: Effect): string {
  if (e.kind === 'workflow') return `${e.model ?? '?'} · ${e.harness ?? '?'}: workflow`;
  if (e.kind === 'harness') return `${e.model ?? '?'} · ${e.workflow ?? '?'}: harness`;
  return `${e.from} → ${e.to}`;
}

/** The board's significance flag when present, else whether the 95% interval excludes zero. */
export const significant = (e: { ci: readonly [number, number]; significant?: boolean }) => e.significant ?? (e.ci[0] > 0 || e.ci[1] < 0);

/**
 * Paired effects of one judge (workflow effects or harness effects): Δ = mean(to − from) over
 * the tasks both configurations cover, its paired bootstrap CI, W/T/L and per-axis deltas.
 */
export function effectsTable(effects: readonly Effect[], ix: BoardIndex, judge: string, kind: 'workflow' | 'harness'): TableModel {
  const mine = effects.filter((e) => e.judge === judge);
  return {
    id: `${kind}-effects-${judgeSlug(judge)}`,
    caption: kind === 'workflow' ? `Paired workflow effects (specialized − direct), judge ${judge}` : `Paired harness effects (model and workflow fixed), judge ${judge}`,
    description: 'Δ is the mean per-task difference over the tasks both configurations cover; W/T/L counts tasks where "to" beats, ties or loses to "from".',
    rowHeader: 'effect',
    columns: [
      { key: 'effect', label: 'Effect' },
      { key: 'from', label: 'From' },
      { key: 'to', label: 'To' },
      { key: 'n', label: 'Tasks', numeric: true },
      { key: 'delta', label: 'Δ', numeric: true, description: 'mean(to − from)' },
      { key: 'ci', label: '95% CI', numeric: true, csv: false },
      { key: 'ciLow', label: 'CI low', numeric: true, show: false },
      { key: 'ciHigh', label: 'CI high', numeric: true, show: false },
      { key: 'wtl', label: 'W / T / L', csv: false, sortable: false },
      { key: 'wins', label: 'Wins', numeric: true, show: false },
      { key: 'ties', label: 'Ties', numeric: true, show: false },
      { key: 'losses', label: 'Losses', numeric: true, show: false },
      ...(['T', 'S', 'L', 'E', 'V'] as const).map((a) => ({ key: `d${a}`, label: `Δ${a}`, numeric: true, csvLabel: `delta_${a}` })),
    ],
    rows: mine.map((e) => ({
      cells: {
        effect: { v: effectLabel(e), badge: significant(e) ? 'significant' : undefined },
        from: configurationCell(ix, e.from),
        to: configurationCell(ix, e.to),
        n: { v: e.n },
        delta: { v: e.delta, t: signed(e.delta, 2) },
        ci: { v: e.ci[0], t: interval(e.ci, 2) },
        ciLow: { v: e.ci[0] },
        ciHigh: { v: e.ci[1] },
        wtl: { v: null, t: `${e.wins} / ${e.ties} / ${e.losses}` },
        wins: { v: e.wins },
        ties: { v: e.ties },
        losses: { v: e.losses },
        dT: { v: e.axes.T, t: signed(e.axes.T, 2) },
        dS: { v: e.axes.S, t: signed(e.axes.S, 2) },
        dL: { v: e.axes.L, t: signed(e.axes.L, 2) },
        dE: { v: e.axes.E, t: signed(e.axes.E, 2) },
        dV: { v: e.axes.V, t: signed(e.axes.V, 2) },
      },
    })),
  };
}
