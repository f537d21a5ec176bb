import { AXES } from '@figboard/evaluator/judge';
import type { BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { coef, interval, num, signed } from '../lib/format.ts';
import { configurationCell } from './leaderboard-table.ts';
import type { Cell, TableModel } from './table-model.ts';

type Sens = Board['sensitivity'];

const pairKey = (e: { from: string; to: string }) => `${e.from}→${e.to}`;

/** Distinct paired effects appearing in any variant, in first-seen order. */
function sensitivityPairs(s: Sens): { from: string; to: string }[] {
  const seen = new Map<string, { from: string; to: string }>();
  for (const v of s.variants)
    for (const e of v.effects)
      if (!seen.has(pairKey(e))) seen.set(pairKey(e), { from: e.from, to: e.to });
  return [...seen.values()];
}

/** Short name of a workflow pair: model and harness of the "from" configuration. */
export function pairName(ix: BoardIndex, p: { from: string; to: string }): string {
  const parts = ix.label(p.from).split(' · ');
  return parts.length >= 2 ? `Δ ${parts[0]} (${parts[1]})` : `Δ ${p.from} → ${p.to}`;
}

/** Table 21: each weight vector, ρ vs default ranking, r vs Elo, and every paired effect. */
export function sensitivityTable(s: Sens, ix: BoardIndex): TableModel {
  const pairs = sensitivityPairs(s);
  return {
    id: 'sensitivity',
    caption: `Rubric weight sensitivity (judge ${s.judge}${s.suite ? `, suite ${s.suite}` : ''}): rankings and paired effects under alternative weights`,
    description:
      'Axes are normalised by their maxima and re-weighted; ρ is the Spearman correlation with the default ranking, r the Pearson correlation of means with human Elo; † marks effects whose 95% interval contains 0.',
    rowHeader: 'variant',
    columns: [
      { key: 'variant', label: 'Variant' },
      { key: 'weights', label: 'T/S/L/E/V', csv: false, sortable: false },
      ...AXES.map((a) => ({
        key: `w${a}`,
        label: `w_${a}`,
        numeric: true,
        show: false,
        csvLabel: `weight_${a}`,
      })),
      { key: 'rho', label: 'ρ vs default', numeric: true },
      { key: 'r', label: 'r vs Elo', numeric: true },
      ...pairs.map((p, i) => ({
        key: `e${i}`,
        label: pairName(ix, p),
        numeric: true,
        csvLabel: `delta_${p.from}__to__${p.to}`,
      })),
    ],
    rows: s.variants.map((v) => {
      const cells: Record<string, Cell> = {
        variant: { v: v.name },
        weights: {
          v: null,
          t: [v.weights.T, v.weights.S, v.weights.L, v.weights.E, v.weights.V]
            .map((w) => num(w, w % 1 === 0 ? 0 : 1))
            .join('/'),
        },
        wT: { v: v.weights.T },
        wS: { v: v.weights.S },
        wL: { v: v.weights.L },
        wE: { v: v.weights.E },
        wV: { v: v.weights.V },
        rho: { v: v.rho, t: coef(v.rho) },
        r: { v: v.r, t: coef(v.r) },
      };
      pairs.forEach((p, i) => {
        const e = v.effects.find((x) => pairKey(x) === pairKey(p));
        // Table 21 marks effects whose interval contains zero with a dagger
        const insignificant =
          e?.significant === false ||
          (e?.ci !== undefined && e.significant === undefined && e.ci[0] <= 0 && e.ci[1] >= 0);
        cells[`e${i}`] = {
          v: e?.delta ?? null,
          t: `${signed(e?.delta ?? null, 2)}${insignificant ? '†' : ''}`,
          title: e?.ci ? `95% CI ${interval(e.ci, 2)}` : undefined,
        };
      });
      return { cells };
    }),
  };
}

/** Exact editability weight at which each paired effect changes sign. */
export function zeroCrossingsTable(s: Sens, ix: BoardIndex): TableModel {
  return {
    id: 'zero-crossings',
    caption: 'Editability weight at which each paired effect changes sign',
    rowHeader: 'pair',
    columns: [
      { key: 'pair', label: 'Effect' },
      { key: 'from', label: 'From' },
      { key: 'to', label: 'To' },
      { key: 'weight', label: 'w_E at Δ = 0', numeric: true },
      { key: 'note', label: 'Note' },
    ],
    rows: s.zeroCrossings.map((z) => ({
      cells: {
        pair: { v: pairName(ix, z) },
        from: configurationCell(ix, z.from),
        to: configurationCell(ix, z.to),
        weight: { v: z.editabilityWeight, t: num(z.editabilityWeight, 1) },
        note: { v: z.note },
      },
    })),
  };
}

type RunCheck = NonNullable<Sens['runChecks']>['runs'][number];

/**
 * ReFigBench Appendix M's check of a later judge run: the paired effects under the 15-point and
 * uniform variants, each marked when it loses the scoring run's sign or significance.
 */
export function runCheckTable(run: RunCheck, ix: BoardIndex): TableModel {
  const pairs = [
    ...new Map(
      run.variants.flatMap((v) => v.effects).map((e) => [pairKey(e), { from: e.from, to: e.to }]),
    ).values(),
  ];
  const changed = new Set(run.changed.map((c) => `${c.variant}\u0000${pairKey(c)}`));
  return {
    id: `sensitivity-run-${run.run}`,
    caption: `Paired effects under the 15-point and uniform variants, judge run ${run.run}`,
    description:
      '† marks an effect whose 95% interval contains 0; “changed” marks one that lost the scoring run’s sign or significance.',
    rowHeader: 'variant',
    columns: [
      { key: 'variant', label: 'Variant' },
      ...pairs.map((p, i) => ({
        key: `e${i}`,
        label: pairName(ix, p),
        numeric: true,
        csvLabel: `delta_${p.from}__to__${p.to}`,
      })),
    ],
    rows: run.variants.map((v) => {
      const cells: Record<string, Cell> = { variant: { v: v.name } };
      pairs.forEach((p, i) => {
        const e = v.effects.find((x) => pairKey(x) === pairKey(p));
        cells[`e${i}`] = e
          ? {
              v: e.delta,
              t: `${signed(e.delta, 2)}${e.significant ? '' : '†'}`,
              sub: interval(e.ci, 2),
              badge: changed.has(`${v.name}\u0000${pairKey(p)}`) ? 'changed' : undefined,
            }
          : { v: null };
      });
      return { cells };
    }),
  };
}
