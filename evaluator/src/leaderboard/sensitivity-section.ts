import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { AXES, AXIS_MAXIMA, type AxisRecord } from '../stats/axes.ts';
import { bootstrapWeightedMeanCis, type SparseColumn } from '../stats/bootstrap-weighted-means.ts';
import { createRng } from '../stats/create-rng.ts';
import { pearson, spearman } from '../stats/rank-correlation.ts';
import {
  TABLE21_VARIANTS,
  sweepLine,
  sweepZeroCrossing,
  type SweepLines,
} from '../stats/weight-sensitivity.ts';
import { STATUS, type JudgeSeries } from './collect-judge-scores.ts';
import type { ComparedPair } from './effect-rows.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';
import type { ConfigurationUnit } from './resolve-configurations.ts';

/**
 * Each task's score of one configuration under one weight vector: s = g·min(Σ w_k a_k / max_k, c)
 * from the recorded subscores (0 for missing and gate failures, NaN for judge failures).
 */
function rescore(series: JudgeSeries, weights: AxisRecord, n: number): Float64Array {
  const out = new Float64Array(n);
  const f = AXES.map((a) => weights[a] / AXIS_MAXIMA[a]);
  const st = series.status[0]!;
  for (let i = 0; i < n; i++) {
    if (st[i] === STATUS.failed) out[i] = Number.NaN;
    else if (st[i] !== STATUS.ok) out[i] = 0;
    else {
      let q = 0;
      for (let k = 0; k < AXES.length; k++) q += f[k]! * series.axes[AXES[k]!][i]!;
      out[i] = Math.min(q, series.cap[i]!);
    }
  }
  return out;
}

function meanValid(v: Float64Array): number {
  let s = 0;
  let c = 0;
  for (const x of v) {
    if (Number.isNaN(x)) continue;
    s += x;
    c++;
  }
  return c > 0 ? s / c : 0;
}

/**
 * Rubric weight sensitivity (ReFigBench Appendix M, Table 21) for one judge's scoring run:
 * under each of the twelve weight vectors, every configuration's mean, the ranking's Spearman ρ
 * against the default weights, Pearson r against human Elo, and each workflow effect with a
 * paired bootstrap interval (one index stream shared by all variants); then the exact
 * editability weight at which each workflow effect changes sign.
 */
export function sensitivitySection(
  judge: string,
  units: readonly ConfigurationUnit[],
  seriesOf: (unit: ConfigurationUnit) => JudgeSeries | undefined,
  pairs: readonly ComparedPair[],
  elo: Leaderboard['elo'],
  options: ResolvedOptions,
): Leaderboard['sensitivity'] {
  const scored = units.flatMap((u) => {
    const s = seriesOf(u);
    return s ? [{ unit: u, series: s, n: u.suite.manifest.tasks.length }] : [];
  });
  const perVariant = TABLE21_VARIANTS.map(
    (v) => new Map(scored.map((x) => [x.unit.id, rescore(x.series, v.weights, x.n)])),
  );
  const means = perVariant.map(
    (m) => new Map([...m.entries()].map(([id, v]) => [id, meanValid(v)])),
  );
  const defaultIndex = TABLE21_VARIANTS.findIndex((v) => v.name === 'default');
  const ids = scored.map((x) => x.unit.id);
  const eloById = new Map(elo.rows.map((r) => [r.configuration, r.elo]));

  // Effects for every pair under every variant, intervals from shared resamples.
  const effects = pairs.flatMap((pair) => {
    const sf = seriesOf(pair.from);
    const st = seriesOf(pair.to);
    if (!sf || !st) return [];
    const tasks: number[] = [];
    const ff = perVariant[defaultIndex]!.get(pair.from.id)!;
    const tt = perVariant[defaultIndex]!.get(pair.to.id)!;
    for (let i = 0; i < ff.length; i++)
      if (!Number.isNaN(ff[i]!) && !Number.isNaN(tt[i]!)) tasks.push(i);
    const columns = perVariant.map((m) => {
      const from = m.get(pair.from.id)!;
      const to = m.get(pair.to.id)!;
      return Float64Array.from(tasks, (i) => to[i]! - from[i]!);
    });
    const cis = variantIntervals(sf, st, tasks, columns, options);
    const crossing = sweepZeroCrossing(sweepLines(sf, tasks), sweepLines(st, tasks));
    return [{ pair, deltas: columns.map(meanValid), cis, crossing, n: tasks.length }];
  });

  const variants = TABLE21_VARIANTS.map((v, vi) => {
    const m = ids.map((id) => means[vi]!.get(id)!);
    const d = ids.map((id) => means[defaultIndex]!.get(id)!);
    const withElo = ids.filter((id) => eloById.has(id));
    return {
      name: v.name,
      weights: v.weights,
      rho: spearman(m, d),
      r: pearson(
        withElo.map((id) => means[vi]!.get(id)!),
        withElo.map((id) => eloById.get(id)!),
      ),
      means: Object.fromEntries(ids.map((id) => [id, means[vi]!.get(id)!])),
      effects: effects.map((e) => {
        const ci = e.cis[vi]!;
        return {
          from: e.pair.from.id,
          to: e.pair.to.id,
          delta: e.deltas[vi]!,
          ci,
          significant: e.n > 1 && (ci[0] > 0 || ci[1] < 0),
        };
      }),
    };
  });
  return {
    judge,
    variants,
    zeroCrossings: effects.map((e) => ({
      from: e.pair.from.id,
      to: e.pair.to.id,
      editabilityWeight: e.crossing.editabilityWeight,
      note: e.crossing.note,
    })),
  };
}

/** Sweep lines of the given tasks: missing and gate-failed artifacts score 0 at every weight. */
function sweepLines(series: JudgeSeries, tasks: readonly number[]): SweepLines {
  const alpha = new Float64Array(tasks.length);
  const slope = new Float64Array(tasks.length);
  const cap = new Float64Array(tasks.length).fill(Number.POSITIVE_INFINITY);
  tasks.forEach((i, k) => {
    if (series.status[0]![i] !== STATUS.ok) return;
    const line = sweepLine(
      Object.fromEntries(AXES.map((a) => [a, series.axes[a][i]!])) as AxisRecord,
    );
    alpha[k] = line.alpha;
    slope[k] = line.slope;
    cap[k] = series.cap[i]!;
  });
  return { alpha, slope, cap };
}

/**
 * Paired bootstrap intervals of one effect under every weight variant, from one resample
 * stream. A variant's per-task difference is linear in the five axis differences except where a
 * flattening cap binds, so the resamples track the five axis columns plus a sparse correction
 * for the few capped tasks: the cost does not grow with the number of variants.
 */
function variantIntervals(
  from: JudgeSeries,
  to: JudgeSeries,
  tasks: readonly number[],
  differences: readonly Float64Array[],
  options: ResolvedOptions,
): [number, number][] {
  const axisColumns = AXES.map((a) =>
    Float64Array.from(tasks, (i) => to.axes[a][i]! - from.axes[a][i]!),
  );
  const factors = TABLE21_VARIANTS.map((v) => AXES.map((a) => v.weights[a] / AXIS_MAXIMA[a]));
  const sparse = TABLE21_VARIANTS.map((_, v): SparseColumn | null => {
    const index: number[] = [];
    const values: number[] = [];
    for (let k = 0; k < tasks.length; k++) {
      let linear = 0;
      for (let c = 0; c < AXES.length; c++) linear += factors[v]![c]! * axisColumns[c]![k]!;
      const correction = differences[v]![k]! - linear;
      if (Math.abs(correction) > 1e-9) {
        index.push(k);
        values.push(correction);
      }
    }
    return index.length > 0
      ? { index: Int32Array.from(index), values: Float64Array.from(values) }
      : null;
  });
  return bootstrapWeightedMeanCis(axisColumns, factors, sparse, createRng(options.bootstrapSeed), {
    resamples: options.bootstrapResamples,
  });
}
