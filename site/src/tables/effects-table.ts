import { AXES } from '@figboard/evaluator/judge';
import type { BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { DASH, interval, num, signed, signedUsd, usd } from '../lib/format.ts';
import { configurationCell, judgeSlug } from './leaderboard-table.ts';
import type { Cell, TableModel } from './table-model.ts';

type Effect = Board['pairedEffects'][number];

/** A readable name for an effect: what was held fixed and what changed. */
export function effectLabel(e: Effect): string {
  if (e.kind === 'workflow') return `${e.model ?? '?'} · ${e.harness ?? '?'}: workflow`;
  if (e.kind === 'harness') return `${e.model ?? '?'} · ${e.workflow ?? '?'}: harness`;
  return `${e.from} → ${e.to}`;
}

/** A turn count: whole numbers without decimals, medians of even counts with one. */
const turns = (x: number | null) => num(x, x !== null && x % 1 !== 0 ? 1 : 0);

/** The economics cells of one effect (ReFigBench Table 4): "from → to" shown, sorted by the change. */
function economicsCells(e: Effect): Record<string, Cell> {
  const t = e.economics?.medianTurns;
  const c = e.economics?.costPerArtifact;
  const est = e.economics?.costEstimated ? ' (est.)' : '';
  const arrow = (a: string, b: string) => (a === DASH && b === DASH ? DASH : `${a} → ${b}`);
  return {
    turns: {
      v: t?.delta ?? null,
      t: arrow(turns(t?.from ?? null), turns(t?.to ?? null)),
      sub: t && t.delta !== null ? signed(t.delta, t.delta % 1 ? 1 : 0) : undefined,
    },
    turnsFrom: { v: t?.from ?? null },
    turnsTo: { v: t?.to ?? null },
    turnsDelta: { v: t?.delta ?? null },
    turnsRatio: { v: t?.ratio ?? null },
    cost: {
      v: c?.delta ?? null,
      t:
        arrow(usd(c?.from ?? null), usd(c?.to ?? null)) +
        (c && (c.from !== null || c.to !== null) ? est : ''),
      sub: c && c.delta !== null ? signedUsd(c.delta) : undefined,
    },
    costFrom: { v: c?.from ?? null },
    costTo: { v: c?.to ?? null },
    costDelta: { v: c?.delta ?? null },
    costRatio: { v: c?.ratio ?? null },
    costEstimated: { v: e.economics ? (e.economics.costEstimated ? 'yes' : 'no') : null },
  };
}

/** The board's significance flag when present, else whether the 95% interval excludes zero. */
export const significant = (e: { ci: readonly [number, number]; significant?: boolean }) =>
  e.significant ?? (e.ci[0] > 0 || e.ci[1] < 0);

/**
 * Paired effects of one judge (workflow effects or harness effects): Δ = mean(to − from) over
 * the tasks both configurations cover, its paired bootstrap CI, W/T/L, per-axis deltas, and the
 * economics beside it (ReFigBench Table 4: median turns and cost per artifact, from → to).
 */
export function effectsTable(
  effects: readonly Effect[],
  ix: BoardIndex,
  judge: string,
  kind: 'workflow' | 'harness',
): TableModel {
  const mine = effects.filter((e) => e.judge === judge);
  return {
    id: `${kind}-effects-${judgeSlug(judge)}`,
    caption:
      kind === 'workflow'
        ? `Paired workflow effects (specialized − direct), judge ${judge}`
        : `Paired harness effects (model and workflow fixed), judge ${judge}`,
    description:
      'Δ is the mean per-task difference over the tasks both configurations cover; W/T/L counts tasks where "to" beats, ties or loses to "from". Median turns and cost per artifact are the two configurations\' effort (from → to, change below); "est." = cost estimated from a price table.',
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
      ...AXES.map((a) => ({
        key: `d${a}`,
        label: `Δ${a}`,
        numeric: true,
        csvLabel: `delta_${a}`,
      })),
      {
        key: 'turns',
        label: 'Med. turns',
        numeric: true,
        csv: false,
        description: 'Median agent turns per task, from → to (change below); sorts by the change',
      },
      {
        key: 'turnsFrom',
        label: 'Median turns (from)',
        numeric: true,
        show: false,
        csvLabel: 'median_turns_from',
      },
      {
        key: 'turnsTo',
        label: 'Median turns (to)',
        numeric: true,
        show: false,
        csvLabel: 'median_turns_to',
      },
      {
        key: 'turnsDelta',
        label: 'Δ median turns',
        numeric: true,
        show: false,
        csvLabel: 'delta_median_turns',
      },
      {
        key: 'turnsRatio',
        label: 'Median turns ratio',
        numeric: true,
        show: false,
        csvLabel: 'ratio_median_turns',
      },
      {
        key: 'cost',
        label: 'Cost / artifact',
        numeric: true,
        csv: false,
        description: 'Mean cost per artifact in USD, from → to (change below); sorts by the change',
      },
      {
        key: 'costFrom',
        label: 'Cost per artifact (from)',
        numeric: true,
        show: false,
        csvLabel: 'cost_per_artifact_from',
      },
      {
        key: 'costTo',
        label: 'Cost per artifact (to)',
        numeric: true,
        show: false,
        csvLabel: 'cost_per_artifact_to',
      },
      {
        key: 'costDelta',
        label: 'Δ cost per artifact',
        numeric: true,
        show: false,
        csvLabel: 'delta_cost_per_artifact',
      },
      {
        key: 'costRatio',
        label: 'Cost ratio',
        numeric: true,
        show: false,
        csvLabel: 'ratio_cost_per_artifact',
      },
      { key: 'costEstimated', label: 'Cost estimated', show: false, csvLabel: 'cost_estimated' },
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
        ...economicsCells(e),
      },
    })),
  };
}
