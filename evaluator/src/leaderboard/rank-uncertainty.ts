import type { ConfigurationRow } from '../schemas/leaderboard.schema.ts';
import { bootstrapRanks } from '../stats/bootstrap-ranks.ts';
import { createRng } from '../stats/create-rng.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';

/**
 * Fills `rankInterval`, `tieGroup` and `tiedWith` of every row (ReFigBench reports ranks; a
 * bootstrap says how sure they are): rows of one judge and suite are resampled together over
 * their shared tasks with the settings and seed of the mean CIs (`bootstrapRanks`). `scoresOf`
 * gives a row's scoring-run score per suite task (NaN = judge failure).
 */
export function assignRankUncertainty(
  rows: ConfigurationRow[],
  scoresOf: (row: ConfigurationRow) => Float64Array,
  options: ResolvedOptions,
): void {
  const groups = new Map<string, ConfigurationRow[]>();
  for (const r of rows) {
    const key = `${r.judge}\u0000${r.suite}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const g of groups.values()) {
    g.sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)); // callers pass ranked rows only
    const result = bootstrapRanks(
      g.map(scoresOf),
      g.map((r) => r.mean!), // ranked rows have a mean
      createRng(options.bootstrapSeed),
      { resamples: options.bootstrapResamples },
    );
    g.forEach((row, k) => {
      const u = result[k]!;
      row.rankInterval = u.interval;
      row.tieGroup = u.group;
      row.tiedWith = u.tiedWith.map((j) => g[j]!.id);
    });
  }
}
