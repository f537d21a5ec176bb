import type { PairedEffect } from '../schemas/leaderboard.schema.ts';
import { createRng } from '../stats/create-rng.ts';
import { pairedEffect } from '../stats/paired-effect.ts';
import type { JudgeSeries } from './collect-judge-scores.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';
import { cmp, type ConfigurationUnit } from './resolve-configurations.ts';

/** A pair of configurations to compare: Δ = to − from. */
export interface ComparedPair {
  kind: PairedEffect['kind'];
  from: ConfigurationUnit;
  to: ConfigurationUnit;
}

/**
 * Workflow pairs (ReFigBench Figure 4, Table 13): same suite, model and harness; from = each
 * `direct` configuration, to = each `specialized` one.
 */
export function workflowPairs(units: readonly ConfigurationUnit[]): ComparedPair[] {
  const out: ComparedPair[] = [];
  for (const from of units) {
    if (from.manifest.workflow.kind !== 'direct') continue;
    for (const to of units) {
      if (to.manifest.workflow.kind !== 'specialized' || to.suite !== from.suite) continue;
      if (
        to.manifest.model.name !== from.manifest.model.name ||
        to.manifest.harness.name !== from.manifest.harness.name
      )
        continue;
      out.push({ kind: 'workflow', from, to });
    }
  }
  return out;
}

/**
 * Harness pairs (ReFigBench Appendix G): same suite, model and workflow kind, two harnesses;
 * from = the harness whose name sorts first (a fixed, documented orientation).
 */
export function harnessPairs(units: readonly ConfigurationUnit[]): ComparedPair[] {
  const out: ComparedPair[] = [];
  for (const from of units) {
    for (const to of units) {
      if (to.suite !== from.suite || to.manifest.model.name !== from.manifest.model.name) continue;
      if (
        to.manifest.workflow.kind !== from.manifest.workflow.kind ||
        from.manifest.workflow.kind === 'other'
      )
        continue;
      if (cmp(from.manifest.harness.name, to.manifest.harness.name) >= 0) continue;
      out.push({ kind: 'harness', from, to });
    }
  }
  return out;
}

/**
 * The effect row of one pair under one judge: paired over the tasks both configurations have a
 * valid score for (works for any two configurations on one suite), a fresh seeded RNG per row.
 */
export function effectRow(
  pair: ComparedPair,
  from: JudgeSeries,
  to: JudgeSeries,
  options: ResolvedOptions,
): PairedEffect {
  const e = pairedEffect(
    { final: from.final[0]!, axes: from.axes },
    { final: to.final[0]!, axes: to.axes },
    createRng(options.bootstrapSeed),
    { resamples: options.bootstrapResamples, tieMargin: options.tieMargin },
  );
  const m = pair.from.manifest;
  return {
    judge: from.judge,
    kind: pair.kind,
    model: m.model.name,
    harness: pair.kind === 'workflow' ? m.harness.name : null,
    workflow: pair.kind === 'harness' ? m.workflow.kind : null,
    from: pair.from.id,
    to: pair.to.id,
    n: e.n,
    delta: e.delta,
    ci: e.ci,
    wins: e.wins,
    ties: e.ties,
    losses: e.losses,
    axes: e.axes,
    significant: e.n > 1 && (e.ci[0] > 0 || e.ci[1] < 0),
    tieMargin: options.tieMargin,
  };
}
