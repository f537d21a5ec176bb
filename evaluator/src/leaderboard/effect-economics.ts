import type { Leaderboard, PairedEffect } from '../schemas/leaderboard.schema.ts';

type EffortRow = Leaderboard['effort'][number];
type Economics = NonNullable<PairedEffect['economics']>;

/** from, to, to − from and to / from of one effort measure; null parts where a side is missing. */
function change(
  from: number | null | undefined,
  to: number | null | undefined,
): Economics['medianTurns'] {
  const f = from ?? null;
  const t = to ?? null;
  const both = f !== null && t !== null;
  return { from: f, to: t, delta: both ? t - f : null, ratio: both && f > 0 ? t / f : null };
}

/**
 * Workflow economics of a paired effect (ReFigBench Table 4): the median agent turns per task and
 * the mean cost per artifact of the two configurations, as the effort section computed them
 * (configuration level, like the paper's table), with their change and ratio. A configuration
 * without effort records contributes nulls.
 */
export function effectEconomics(from: EffortRow | undefined, to: EffortRow | undefined): Economics {
  return {
    medianTurns: change(from?.medianTurns, to?.medianTurns),
    costPerArtifact: change(from?.costPerArtifact, to?.costPerArtifact),
    costEstimated: (from?.costEstimated ?? false) || (to?.costEstimated ?? false),
  };
}
