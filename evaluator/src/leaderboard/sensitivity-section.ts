import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { AXES, type AxisRecord } from '../stats/axes.ts';
import { bootstrapWeightedMeanCis, type SparseColumn } from '../stats/bootstrap-weighted-means.ts';
import { createRng } from '../stats/create-rng.ts';
import { pearson, spearman } from '../stats/rank-correlation.ts';
import {
  reweightFactors,
  sweepLine,
  sweepZeroCrossing,
  table21Variants,
  type SweepLines,
  type WeightVariant,
} from '../stats/weight-sensitivity.ts';
import { excludedStatus, STATUS, seriesForRun, type JudgeSeries } from './collect-judge-scores.ts';
import type { ComparedPair } from './effect-rows.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';
import type { ConfigurationUnit } from './resolve-configurations.ts';

/**
 * Each task's score of one configuration under one weight vector: s = g·min(Σ w_k a_k / max_k, c)
 * from the recorded subscores (0 for missing and gate failures, NaN for judge failures).
 */
function rescore(
  series: JudgeSeries,
  weights: AxisRecord,
  maxima: AxisRecord,
  n: number,
): Float64Array {
  const out = new Float64Array(n);
  const f = reweightFactors(weights, maxima);
  const st = series.status[0]!;
  for (let i = 0; i < n; i++) {
    if (excludedStatus(st[i])) out[i] = Number.NaN;
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
 * The variants whose effects later judge runs are checked against (ReFigBench Appendix M: "the
 * second and third judge runs reproduce the sign and the significance of all five paired effects
 * under the 15 point and uniform variants"): every variant with editability at 15 points, and
 * uniform weights.
 */
export const RUN_CHECK_VARIANTS: readonly string[] = [
  'wE=15',
  'wE=15, surplus to S',
  'wE=15, surplus to V',
  'uniform',
];

type Scored = { unit: ConfigurationUnit; series: JudgeSeries; n: number };
type EffectUnderVariants = {
  pair: ComparedPair;
  deltas: number[];
  cis: [number, number][];
  n: number;
  from: JudgeSeries;
  to: JudgeSeries;
  tasks: number[];
};

/**
 * Every configuration's mean and every pair's effect (with a paired bootstrap interval, one
 * index stream shared by all variants) under each weight variant, for the series `seriesOf`
 * gives (one run of one judge).
 */
function analyse(
  units: readonly ConfigurationUnit[],
  seriesOf: (unit: ConfigurationUnit) => JudgeSeries | undefined,
  pairs: readonly ComparedPair[],
  variants: readonly WeightVariant[],
  maxima: AxisRecord,
  options: ResolvedOptions,
): { ids: string[]; means: Map<string, number>[]; effects: EffectUnderVariants[] } {
  const scored: Scored[] = units.flatMap((u) => {
    const s = seriesOf(u);
    return s ? [{ unit: u, series: s, n: u.suite.manifest.tasks.length }] : [];
  });
  const perVariant = variants.map(
    (v) => new Map(scored.map((x) => [x.unit.id, rescore(x.series, v.weights, maxima, x.n)])),
  );
  const means = perVariant.map(
    (m) => new Map([...m.entries()].map(([id, v]) => [id, meanValid(v)])),
  );
  const effects = pairs.flatMap((pair): EffectUnderVariants[] => {
    const sf = seriesOf(pair.from);
    const st = seriesOf(pair.to);
    if (!sf || !st) return [];
    // Tasks both sides have a valid score for (NaN = judge failure under every weighting).
    const ff = sf.final[0]!;
    const tt = st.final[0]!;
    const tasks: number[] = [];
    for (let i = 0; i < Math.min(ff.length, tt.length); i++)
      if (!Number.isNaN(ff[i]!) && !Number.isNaN(tt[i]!)) tasks.push(i);
    const columns = perVariant.map((m) => {
      const from = m.get(pair.from.id)!;
      const to = m.get(pair.to.id)!;
      return Float64Array.from(tasks, (i) => to[i]! - from[i]!);
    });
    const cis = variantIntervals(sf, st, tasks, columns, variants, maxima, options);
    return [
      { pair, deltas: columns.map(meanValid), cis, n: tasks.length, from: sf, to: st, tasks },
    ];
  });
  return { ids: scored.map((x) => x.unit.id), means, effects };
}

function effectRows(effects: readonly EffectUnderVariants[], vi: number) {
  return effects.map((e) => {
    const ci = e.cis[vi]!;
    return {
      from: e.pair.from.id,
      to: e.pair.to.id,
      delta: e.deltas[vi]!,
      ci,
      significant: e.n > 1 && (ci[0] > 0 || ci[1] < 0),
    };
  });
}

/**
 * Rubric weight sensitivity (ReFigBench Appendix M, Table 21) for one judge's scoring run:
 * under each of the twelve weight vectors (built from the board's rubric maxima), every
 * configuration's mean, the ranking's Spearman ρ against the default weights, Pearson r against
 * human Elo, and each workflow effect with a paired bootstrap interval (one index stream shared
 * by all variants); the exact editability weight at which each workflow effect changes sign;
 * and, for every later run all configurations have, the effects under `RUN_CHECK_VARIANTS` with
 * whether they keep the scoring run's sign and significance.
 */
export function sensitivitySection(
  judge: string,
  units: readonly ConfigurationUnit[],
  seriesOf: (unit: ConfigurationUnit) => JudgeSeries | undefined,
  pairs: readonly ComparedPair[],
  elo: Leaderboard['elo'],
  options: ResolvedOptions,
): Leaderboard['sensitivity'] {
  const maxima = options.rubric;
  const all = table21Variants(maxima);
  const main = analyse(units, seriesOf, pairs, all, maxima, options);
  const defaultIndex = all.findIndex((v) => v.name === 'default');
  const { ids, means } = main;
  const eloById = new Map(elo.rows.map((r) => [r.configuration, r.elo]));

  const variants = all.map((v, vi) => {
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
      effects: effectRows(main.effects, vi),
    };
  });

  // Later runs under the 15-point and uniform variants, checked against the scoring run.
  const checked = all.flatMap((v, vi) => (RUN_CHECK_VARIANTS.includes(v.name) ? [vi] : []));
  const laterRuns = commonRuns(units, seriesOf).slice(1);
  const perRun = laterRuns.map((run) => {
    const a = analyse(
      units,
      (u) => {
        const s = seriesOf(u);
        return s ? seriesForRun(s, run) : undefined;
      },
      pairs,
      checked.map((vi) => all[vi]!),
      maxima,
      options,
    );
    const changed: { variant: string; from: string; to: string; what: 'sign' | 'significance' }[] =
      [];
    const rows = checked.map((vi, k) => {
      const now = effectRows(a.effects, k);
      const first = effectRows(main.effects, vi);
      for (const e of now) {
        const f = first.find((x) => x.from === e.from && x.to === e.to);
        if (!f) continue;
        if (Math.sign(e.delta) !== Math.sign(f.delta))
          changed.push({ variant: all[vi]!.name, from: e.from, to: e.to, what: 'sign' });
        else if (e.significant !== f.significant)
          changed.push({ variant: all[vi]!.name, from: e.from, to: e.to, what: 'significance' });
      }
      return { name: all[vi]!.name, weights: all[vi]!.weights, effects: now };
    });
    return { run, variants: rows, reproduces: changed.length === 0, changed };
  });

  return {
    judge,
    variants,
    zeroCrossings: main.effects.map((e) => {
      const crossing = sweepZeroCrossing(
        sweepLines(e.from, e.tasks, maxima),
        sweepLines(e.to, e.tasks, maxima),
      );
      return {
        from: e.pair.from.id,
        to: e.pair.to.id,
        editabilityWeight: crossing.editabilityWeight,
        note: crossing.note,
      };
    }),
    runChecks: { variants: checked.map((vi) => all[vi]!.name), runs: perRun },
  };
}

/** Run numbers every configuration's series has, ascending (the scoring run first). */
function commonRuns(
  units: readonly ConfigurationUnit[],
  seriesOf: (unit: ConfigurationUnit) => JudgeSeries | undefined,
): number[] {
  let runs: number[] | null = null;
  for (const u of units) {
    const s = seriesOf(u);
    if (!s) continue;
    runs = runs === null ? [...s.runs] : runs.filter((r) => s.runs.includes(r));
  }
  return runs ?? [];
}

/** Sweep lines of the given tasks: missing and gate-failed artifacts score 0 at every weight. */
function sweepLines(series: JudgeSeries, tasks: readonly number[], maxima: AxisRecord): SweepLines {
  const alpha = new Float64Array(tasks.length);
  const slope = new Float64Array(tasks.length);
  const cap = new Float64Array(tasks.length).fill(Number.POSITIVE_INFINITY);
  tasks.forEach((i, k) => {
    if (series.status[0]![i] !== STATUS.ok) return;
    const line = sweepLine(
      Object.fromEntries(AXES.map((a) => [a, series.axes[a][i]!])) as AxisRecord,
      maxima,
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
  variants: readonly WeightVariant[],
  maxima: AxisRecord,
  options: ResolvedOptions,
): [number, number][] {
  const axisColumns = AXES.map((a) =>
    Float64Array.from(tasks, (i) => to.axes[a][i]! - from.axes[a][i]!),
  );
  const factors = variants.map((v) => reweightFactors(v.weights, maxima));
  const sparse = variants.map((_, v): SparseColumn | null => {
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
