import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { spearman } from '../stats/rank-correlation.ts';
import { seriesForRun, type JudgeSeries } from './collect-judge-scores.ts';
import { runStats } from './configuration-rows.ts';
import { effectRow, type ComparedPair } from './effect-rows.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';
import type { SeriesIndex } from './reliability-section.ts';
import { cmp, type ConfigurationUnit } from './resolve-configurations.ts';

type Section = NonNullable<Leaderboard['runStability']>;

/**
 * Judge robustness across repeated runs (ReFigBench Appendix L, Table 18): for every judge with at
 * least two runs that all configurations of a suite have, each run's configuration means and
 * ranking, each paired effect (workflow and harness) recomputed in every run with its paired
 * bootstrap interval, and a stability summary — whether the rankings are identical, which pairs
 * swap places (and by how much their means ever differ), how far any mean moves, and whether every
 * effect keeps its sign and every significant effect stays significant.
 */
export function runStabilitySection(
  units: readonly ConfigurationUnit[],
  series: SeriesIndex,
  judges: readonly { id: string }[],
  pairs: readonly ComparedPair[],
  options: ResolvedOptions,
): Section {
  const out: Section = [];
  const suites = [...new Set(units.map((u) => u.suite))].sort((a, b) =>
    cmp(a.manifest.name, b.manifest.name),
  );
  for (const judge of judges) {
    for (const suite of suites) {
      // A configuration with a run in which no task was scored has no mean to rank in that run
      // (0 would rank it last as if measured); it is left out, like its row's rank.
      const scored = units.flatMap((u) => {
        const s = u.suite === suite ? series.get(u.id)?.get(judge.id) : undefined;
        return s?.final.every((f) => f.some((v) => !Number.isNaN(v)))
          ? [{ unit: u, series: s }]
          : [];
      });
      if (scored.length === 0) continue;
      let runs = [...scored[0]!.series.runs];
      for (const x of scored) runs = runs.filter((r) => x.series.runs.includes(r));
      if (runs.length < 2) continue;
      const n = suite.manifest.tasks.length;

      // Means and rankings per run (a run's means keep missing and gate-failed tasks as 0).
      const means = runs.map((run) =>
        Object.fromEntries(
          scored.map((x) => [x.unit.id, runStats(seriesForRun(x.series, run)!, n).perRun[0]!]),
        ),
      );
      const rankings = runs.map((run, r) => ({
        run,
        order: scored
          .map((x) => x.unit.id)
          .sort((a, b) => means[r]![b]! - means[r]![a]! || cmp(a, b)),
        means: means[r]!,
      }));

      // Every pair's effect in every run.
      const seriesOf = (u: ConfigurationUnit): JudgeSeries | undefined =>
        scored.find((x) => x.unit === u)?.series;
      const effects = pairs.flatMap((pair) => {
        const from = seriesOf(pair.from);
        const to = seriesOf(pair.to);
        if (!from || !to) return [];
        const rows = runs.map((run) => ({
          run,
          e: effectRow(pair, seriesForRun(from, run)!, seriesForRun(to, run)!, options),
        }));
        // A run where the two share no scored task states no effect: nothing to compare.
        if (rows.some((r) => r.e === null)) return [];
        const perRun = rows.map(({ run, e }) => ({
          run,
          n: e!.n,
          delta: e!.delta,
          ci: e!.ci,
          significant: e!.significant ?? false,
        }));
        const first = perRun[0]!;
        return [
          {
            kind: pair.kind,
            from: pair.from.id,
            to: pair.to.id,
            perRun,
            signStable: perRun.every((p) => Math.sign(p.delta) === Math.sign(first.delta)),
            significanceStable: perRun.every((p) => p.significant === first.significant),
          },
        ];
      });

      // Pairs whose order differs from the first run's in some run.
      const first = rankings[0]!.order;
      const position = rankings.map((rk) => new Map(rk.order.map((id, i) => [id, i])));
      const swaps: Section[number]['summary']['swaps'] = [];
      for (let i = 0; i < first.length; i++) {
        for (let j = i + 1; j < first.length; j++) {
          const a = first[i]!;
          const b = first[j]!;
          const swapped = runs.filter((_, r) => position[r]!.get(a)! > position[r]!.get(b)!);
          if (swapped.length === 0) continue;
          swaps.push({
            a,
            b,
            runs: swapped,
            maxGap: Math.max(...means.map((m) => Math.abs(m[a]! - m[b]!))),
          });
        }
      }
      const ids = first;
      const correlations = rankings.slice(1).map((rk) =>
        spearman(
          ids.map((id) => means[0]![id]!),
          ids.map((id) => rk.means[id]!),
        ),
      );
      const finite = correlations.filter((c): c is number => c !== null);
      out.push({
        judge: judge.id,
        suite: suite.manifest.name,
        runs,
        rankings,
        effects,
        summary: {
          identicalRankings: swaps.length === 0,
          swaps,
          minSpearman: finite.length > 0 ? Math.min(...finite) : null,
          maxMeanShift: Math.max(
            ...ids.map((id) => {
              const v = means.map((m) => m[id]!);
              return Math.max(...v) - Math.min(...v);
            }),
          ),
          effectSignsStable: effects.every((e) => e.signStable),
          significantEffectsStable: effects.every(
            (e) => !e.perRun[0]!.significant || (e.signStable && e.significanceStable),
          ),
        },
      });
    }
  }
  return out;
}
