import {
  clusterBootstrapRatioCis,
  type ClusterBootstrapOptions,
} from './cluster-bootstrap-ratios.ts';
import type { Rng } from './create-rng.ts';
import {
  countsForAgreement,
  directionAgreement,
  judgeAgrees,
  marginBucket,
  MARGIN_BUCKETS,
  type AgreementBucket,
  type DecisivePair,
} from './direction-agreement.ts';

/** A decisive human preference with its judge margin, the source task it belongs to and, optionally, a subgroup. */
export interface ClusteredDecisivePair extends DecisivePair {
  /** Bootstrap cluster: the source task (all of a task's annotations are resampled together). */
  cluster: string;
  /** Subgroup reported on its own (e.g. the matchup type); pairs outside `groups` only count overall. */
  group?: string;
}

export interface AgreementBucketWithCi extends AgreementBucket {
  /** Cluster-bootstrap interval of `agree`; null when n = 0. */
  ci: [number, number] | null;
}

export interface AgreementGroup {
  group: string;
  n: number;
  agree: number | null;
  ci: [number, number] | null;
}

export interface DirectionAgreementCiOptions {
  /** Drop zero margins (three-run means, ReFigBench Table 19). */
  excludeZero: boolean;
  /** Subgroups to report, in this order (each gets a row, n = 0 when no pair carries it). */
  groups?: readonly string[];
}

/**
 * Direction agreement (see `directionAgreement`: same buckets, same point estimates) with 95%
 * cluster-bootstrap intervals that resample source tasks (ReFigBench Appendix K: 5,000
 * resamples, seed 20260721), for every margin bucket, overall (`all`) and every subgroup. All
 * intervals share the same drawn tasks. The clusters are the distinct tasks among the counted
 * pairs, in sorted order, so the result does not depend on the order of `pairs`.
 */
export function directionAgreementCis(
  pairs: readonly ClusteredDecisivePair[],
  options: DirectionAgreementCiOptions,
  rng: Rng,
  bootstrap: ClusterBootstrapOptions,
): { byMargin: AgreementBucketWithCi[]; byGroup: AgreementGroup[] } {
  const groups = options.groups ?? [];
  const counted = pairs.filter((p) => countsForAgreement(p, options.excludeZero));
  const clusterKeys = [...new Set(counted.map((p) => p.cluster))].sort();
  const clusterIndex = new Map(clusterKeys.map((k, i) => [k, i]));
  const groupIndex = new Map(groups.map((g, i) => [g, i]));
  const ALL = MARGIN_BUCKETS.length;
  const G = ALL + 1 + groups.length;
  const T = clusterKeys.length;
  const num = new Float64Array(T * G);
  const den = new Float64Array(T * G);
  const n = new Float64Array(groups.length);
  const agree = new Float64Array(groups.length);
  for (const p of counted) {
    const base = clusterIndex.get(p.cluster)! * G;
    const hit = judgeAgrees(p) ? 1 : 0;
    const cols = [marginBucket(p.margin), ALL];
    const gi = p.group === undefined ? undefined : groupIndex.get(p.group);
    if (gi !== undefined) {
      cols.push(ALL + 1 + gi);
      n[gi]!++;
      agree[gi]! += hit;
    }
    for (const col of cols) {
      den[base + col]!++;
      num[base + col]! += hit;
    }
  }
  const cis = clusterBootstrapRatioCis({ clusters: T, groups: G, num, den }, rng, bootstrap);
  return {
    byMargin: directionAgreement(pairs, options.excludeZero).map((row, i) => ({
      ...row,
      ci: cis[i]!,
    })),
    byGroup: groups.map((group, i) => ({
      group,
      n: n[i]!,
      agree: n[i]! > 0 ? agree[i]! / n[i]! : null,
      ci: cis[ALL + 1 + i]!,
    })),
  };
}
