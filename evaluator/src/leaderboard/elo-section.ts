import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { bradleyTerryElo, type Comparison } from '../stats/bradley-terry-elo.ts';
import { createRng } from '../stats/create-rng.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';
import type { ResolvedAnnotation } from './resolve-annotations.ts';
import { binomialTest } from '../stats/binomial-test.ts';
import { cmp, type ConfigurationUnit } from './resolve-configurations.ts';

/**
 * Human Bradley–Terry Elo (ReFigBench Table 16) over the configurations that appear in valid
 * annotations: estimate, cluster-bootstrap interval over source tasks, W/L/T/N, pairwise counts;
 * ties split by kind (Appendix F keeps shared-success and shared-failure ties as separate
 * statistics), a position-bias check from `shownOrder`, and the comparison graph's coverage of
 * the board's configuration pairs (Appendix J: all 45 pairs, 36 with at least 20 annotations).
 */
export function eloSection(
  annotations: readonly ResolvedAnnotation[],
  units: readonly ConfigurationUnit[],
  options: ResolvedOptions,
): Leaderboard['elo'] {
  const order = [...new Set(annotations.flatMap((x) => [x.a.id, x.b.id]))].sort(cmp);
  const index = new Map(order.map((id, i) => [id, i]));
  const comparisons: Comparison[] = annotations.map((x) => ({
    task: `${x.a.suite.manifest.name}/${x.a.suite.manifest.tasks[x.task]}`,
    i: index.get(x.a.id)!,
    j: index.get(x.b.id)!,
    outcome: x.outcome,
  }));
  const k = order.length;
  const result = bradleyTerryElo(k, comparisons, createRng(options.eloSeed), {
    resamples: options.eloResamples,
    ridge: options.eloRidge,
  });
  const tieKinds = new Map(order.map((id) => [id, { sharedSuccess: 0, sharedFailure: 0 }]));
  for (const x of annotations) {
    const kind = x.source.annotation.tieKind;
    if (x.outcome !== 0.5 || kind === null) continue;
    for (const id of [x.a.id, x.b.id]) {
      const t = tieKinds.get(id)!;
      if (kind === 'shared-success') t.sharedSuccess++;
      else t.sharedFailure++;
    }
  }
  const rows = order
    .map((configuration, i) => ({
      configuration,
      elo: result.elo[i]!,
      ci: result.ci[i]!,
      wins: result.wins[i]!,
      losses: result.losses[i]!,
      ties: result.ties[i]!,
      ...tieKinds.get(configuration)!,
      n: result.n[i]!,
      provisional: result.n[i]! < options.provisionalBelow,
    }))
    .sort((a, b) => b.elo - a.elo || cmp(a.configuration, b.configuration));
  const matrix = (m: Int32Array) => order.map((_, i) => order.map((__, j) => m[i * k + j]!));
  return {
    rows,
    order,
    wins: matrix(result.winsMatrix),
    ties: matrix(result.tiesMatrix),
    annotations: annotations.length,
    tasks: result.tasks,
    provisionalBelow: options.provisionalBelow,
    regularized: result.regularized,
    tieKinds: {
      sharedSuccess: annotations.filter(
        (x) => x.outcome === 0.5 && x.source.annotation.tieKind === 'shared-success',
      ).length,
      sharedFailure: annotations.filter(
        (x) => x.outcome === 0.5 && x.source.annotation.tieKind === 'shared-failure',
      ).length,
    },
    positionBias: positionBias(annotations),
    coverage: pairCoverage(annotations, units, options.pairCoverageThreshold),
  };
}

/**
 * Does the side shown on the left win more often than chance? Over decisive annotations: how
 * many the left-shown submission won, the share with its 95% Wilson interval, and the two-sided
 * exact binomial p-value against 1/2.
 */
function positionBias(annotations: readonly ResolvedAnnotation[]) {
  let decisive = 0;
  let leftWins = 0;
  for (const x of annotations) {
    if (x.outcome === 0.5) continue;
    decisive++;
    const aLeft = x.source.annotation.shownOrder === 'AB';
    if ((x.outcome === 1) === aLeft) leftWins++;
  }
  const t = binomialTest(leftWins, decisive);
  return { decisive, leftWins, share: t.share, ci: t.ci, pValue: t.pValue };
}

/**
 * Coverage of the comparison graph: over the board's configurations of every annotated suite,
 * the configuration pairs, those with at least one annotation, and those with at least
 * `threshold` annotations (both orders counted).
 */
function pairCoverage(
  annotations: readonly ResolvedAnnotation[],
  units: readonly ConfigurationUnit[],
  threshold: number,
) {
  const counts = new Map<string, number>();
  for (const x of annotations) {
    const [p, q] = cmp(x.a.id, x.b.id) < 0 ? [x.a.id, x.b.id] : [x.b.id, x.a.id];
    const key = `${p}\u0000${q}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const suites = new Set(annotations.map((x) => x.a.suite));
  let configurations = 0;
  let pairs = 0;
  let covered = 0;
  let atLeast = 0;
  for (const suite of suites) {
    const ids = units.filter((u) => u.suite === suite).map((u) => u.id);
    configurations += ids.length;
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        pairs++;
        const [p, q] = cmp(ids[i]!, ids[j]!) < 0 ? [ids[i]!, ids[j]!] : [ids[j]!, ids[i]!];
        const c = counts.get(`${p}\u0000${q}`) ?? 0;
        if (c > 0) covered++;
        if (c >= threshold) atLeast++;
      }
    }
  }
  return { configurations, pairs, covered, atLeastThreshold: atLeast, threshold };
}

/**
 * Agreement between annotators who judged the same pair on the same task: over every two
 * annotations by different annotators, the share naming the same winner (or both a tie).
 */
export function interAnnotatorAgreement(annotations: readonly ResolvedAnnotation[]): {
  overlaps: number;
  agree: number | null;
} {
  const groups = new Map<string, { annotator: string; winner: string }[]>();
  for (const x of annotations) {
    const [lo, hi] =
      cmp(x.source.annotation.a, x.source.annotation.b) < 0
        ? [x.source.annotation.a, x.source.annotation.b]
        : [x.source.annotation.b, x.source.annotation.a];
    const key = `${x.source.annotation.task}\u0000${lo}\u0000${hi}`;
    const winner =
      x.outcome === 0.5 ? 'tie' : x.outcome === 1 ? x.source.annotation.a : x.source.annotation.b;
    const g = groups.get(key) ?? [];
    g.push({ annotator: x.source.annotation.annotator, winner });
    groups.set(key, g);
  }
  let overlaps = 0;
  let agree = 0;
  for (const g of groups.values()) {
    for (let i = 0; i < g.length; i++) {
      for (let j = i + 1; j < g.length; j++) {
        if (g[i]!.annotator === g[j]!.annotator) continue;
        overlaps++;
        if (g[i]!.winner === g[j]!.winner) agree++;
      }
    }
  }
  return { overlaps, agree: overlaps > 0 ? agree / overlaps : null };
}
