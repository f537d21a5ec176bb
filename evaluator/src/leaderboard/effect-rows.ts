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
        !sameModel(from, to) ||
        to.manifest.harness.name !== from.manifest.harness.name ||
        to.manifest.harness.version !== from.manifest.harness.version
      )
        continue;
      out.push({ kind: 'workflow', from, to });
    }
  }
  return out;
}

/** Same model identity (name, snapshot, reasoning effort) and attempts: only such pairs compare
 * one factor at a time. */
function sameModel(a: ConfigurationUnit, b: ConfigurationUnit): boolean {
  const x = a.manifest.model;
  const y = b.manifest.model;
  return (
    x.name === y.name &&
    x.snapshot === y.snapshot &&
    (x.reasoningEffort ?? '') === (y.reasoningEffort ?? '') &&
    a.attempts === b.attempts
  );
}

/**
 * Harness pairs (ReFigBench Appendix G): same suite, model and workflow kind, two harnesses.
 * Δ = to − from with `to` the harness that comes first in `order` (names compared ignoring case
 * and punctuation, so "claude-code" is "Claude Code"; ReFigBench: Claude Code − Codex); a listed harness comes before an unlisted one, and between two unlisted
 * harnesses `to` is the one whose name sorts last (code-unit order), so every pair has one
 * documented orientation.
 */
export function harnessPairs(
  units: readonly ConfigurationUnit[],
  order: readonly string[],
): ComparedPair[] {
  const out: ComparedPair[] = [];
  for (const from of units) {
    for (const to of units) {
      if (to.suite !== from.suite || !sameModel(from, to)) continue;
      if (
        to.manifest.workflow.kind !== from.manifest.workflow.kind ||
        from.manifest.workflow.kind === 'other'
      )
        continue;
      const h = compareHarnesses(to.manifest.harness.name, from.manifest.harness.name, order);
      if (h >= 0) continue; // `to` must come first; the reversed pair is the other iteration
      out.push({ kind: 'harness', from, to });
    }
  }
  return out;
}

/**
 * Order of two harness names for harness effects: negative when `a` is the minuend (comes
 * first), positive when `b` is, 0 when they are the same harness.
 */
export function compareHarnesses(a: string, b: string, order: readonly string[]): number {
  if (a === b) return 0;
  // "Claude Code", "claude-code" and "claude_code" name one harness.
  const key = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const rank = (name: string) => {
    const i = order.findIndex((o) => key(o) === key(name));
    return i < 0 ? order.length : i;
  };
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  return -cmp(a, b); // two unlisted harnesses: the later name is the minuend
}

/**
 * The effect row of one pair under one judge: paired over the tasks both configurations have a
 * valid score for (works for any two configurations on one suite), a fresh seeded RNG per row.
 * Null when no task has a valid score on both sides: there is no effect to state, and a Δ of 0
 * with CI [0, 0] would read as a measured tie.
 */
export function effectRow(
  pair: ComparedPair,
  from: JudgeSeries,
  to: JudgeSeries,
  options: ResolvedOptions,
): PairedEffect | null {
  const e = pairedEffect(
    { final: from.final[0]!, axes: from.axes },
    { final: to.final[0]!, axes: to.axes },
    createRng(options.bootstrapSeed),
    { resamples: options.bootstrapResamples, tieMargin: options.tieMargin },
  );
  if (e.n === 0) return null;
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
