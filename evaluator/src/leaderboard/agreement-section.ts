import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { cohenKappa } from '../stats/cohen-kappa.ts';
import { createRng } from '../stats/create-rng.ts';
import { judgeLabel } from '../stats/direction-agreement.ts';
import {
  directionAgreementCis,
  type ClusteredDecisivePair,
} from '../stats/direction-agreement-ci.ts';
import { pearson, spearman } from '../stats/rank-correlation.ts';
import { taskRunMeans } from './configuration-rows.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';
import type { SeriesIndex } from './reliability-section.ts';
import type { ResolvedAnnotation } from './resolve-annotations.ts';
import type { ConfigurationUnit } from './resolve-configurations.ts';

const MODES = ['single-run', 'run-mean'] as const;
const MATCHUPS = ['workflow', 'cross'] as const;

/**
 * Matchup type of an annotation (ReFigBench Appendix K, "Matchup composition"): `workflow` when
 * the two configurations share model and harness (so they differ in workflow), else `cross`.
 */
export function matchupOf(a: ConfigurationUnit, b: ConfigurationUnit): (typeof MATCHUPS)[number] {
  const same =
    a.manifest.model.name === b.manifest.model.name &&
    a.manifest.harness.name === b.manifest.harness.name;
  return same ? 'workflow' : 'cross';
}

/**
 * Judge–human agreement (ReFigBench Appendix K, Tables 6, 17, 19): for every judge, the judge
 * margin score(A) − score(B) of each annotation (scoring run, and the mean of all runs), direction
 * agreement on decisive annotations by margin bucket and by matchup type with cluster-bootstrap
 * intervals over source tasks (a fresh RNG per judge and mode, so rows do not depend on each
 * other), three-class agreement and Cohen's κ with judge ties at each threshold, and
 * configuration means vs human Elo.
 */
export function agreementSection(
  annotations: readonly ResolvedAnnotation[],
  series: SeriesIndex,
  judges: readonly string[],
  meansByJudge: ReadonlyMap<string, ReadonlyMap<string, number>>,
  elo: Leaderboard['elo'],
  options: ResolvedOptions,
): Omit<Leaderboard['agreement'], 'interAnnotator' | 'byMatchup'> &
  Required<Pick<Leaderboard['agreement'], 'byMatchup'>> {
  const byMargin: Leaderboard['agreement']['byMargin'] = [];
  const byMatchup: NonNullable<Leaderboard['agreement']['byMatchup']> = [];
  const kappa: Leaderboard['agreement']['kappa'] = [];
  const vsElo: Leaderboard['agreement']['vsElo'] = [];
  const runMeanCache = new Map<string, Float64Array>();
  const runMean = (unit: ConfigurationUnit, judge: string): Float64Array | undefined => {
    const key = `${unit.id}\u0000${judge}`;
    let v = runMeanCache.get(key);
    const s = series.get(unit.id)?.get(judge);
    if (!v && s) {
      v = taskRunMeans(s, unit.suite.manifest.tasks.length);
      runMeanCache.set(key, v);
    }
    return v;
  };
  for (const judge of judges) {
    for (const mode of MODES) {
      const decisive: ClusteredDecisivePair[] = [];
      const human: ('A' | 'B' | 'tie')[] = [];
      const margins: number[] = [];
      for (const x of annotations) {
        const sa =
          mode === 'single-run' ? series.get(x.a.id)?.get(judge)?.final[0] : runMean(x.a, judge);
        const sb =
          mode === 'single-run' ? series.get(x.b.id)?.get(judge)?.final[0] : runMean(x.b, judge);
        if (!sa || !sb) continue;
        const margin = sa[x.task]! - sb[x.task]!;
        if (Number.isNaN(margin)) continue;
        const choice = x.outcome === 1 ? 'A' : x.outcome === 0 ? 'B' : 'tie';
        if (choice !== 'tie')
          decisive.push({
            choice,
            margin,
            cluster: `${x.a.suite.manifest.name}/${x.a.suite.manifest.tasks[x.task]}`,
            group: matchupOf(x.a, x.b),
          });
        human.push(choice);
        margins.push(margin);
      }
      if (human.length === 0) continue;
      const agreement = directionAgreementCis(
        decisive,
        { excludeZero: mode === 'run-mean', groups: MATCHUPS },
        createRng(options.agreementSeed),
        { resamples: options.agreementResamples },
      );
      for (const b of agreement.byMargin) byMargin.push({ judge, mode, ...b });
      for (const g of agreement.byGroup)
        byMatchup.push({
          judge,
          mode,
          matchup: g.group as (typeof MATCHUPS)[number],
          n: g.n,
          agree: g.agree,
          ci: g.ci,
        });
      for (const t of options.kappaThresholds) {
        const k = cohenKappa(
          human,
          margins.map((m) => judgeLabel(m, t)),
        );
        kappa.push({
          judge,
          mode,
          tieThreshold: t,
          kappa: k.kappa,
          n: k.n,
          agreement: k.agreement,
        });
      }
    }
    const means = meansByJudge.get(judge);
    if (means && elo.rows.length > 0) {
      const xs: number[] = [];
      const ys: number[] = [];
      for (const row of elo.rows) {
        const m = means.get(row.configuration);
        if (m === undefined) continue;
        xs.push(m);
        ys.push(row.elo);
      }
      vsElo.push({ judge, pearson: pearson(xs, ys), spearman: spearman(xs, ys), n: xs.length });
    }
  }
  return { byMargin, byMatchup, kappa, vsElo };
}
