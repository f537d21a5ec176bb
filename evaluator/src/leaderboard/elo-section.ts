import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { bradleyTerryElo, type Comparison } from '../stats/bradley-terry-elo.ts';
import { createRng } from '../stats/create-rng.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';
import type { ResolvedAnnotation } from './resolve-annotations.ts';
import { cmp } from './resolve-configurations.ts';

/**
 * Human Bradley–Terry Elo (ReFigBench Table 16) over the configurations that appear in valid
 * annotations: estimate, cluster-bootstrap interval over source tasks, W/L/T/N, pairwise counts.
 */
export function eloSection(
  annotations: readonly ResolvedAnnotation[],
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
  const rows = order
    .map((configuration, i) => ({
      configuration,
      elo: result.elo[i]!,
      ci: result.ci[i]!,
      wins: result.wins[i]!,
      losses: result.losses[i]!,
      ties: result.ties[i]!,
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
  };
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
