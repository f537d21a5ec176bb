import type { Annotation } from '../schemas/annotation.schema.ts';
import { bootstrapMeanCi } from '../stats/bootstrap-mean-ci.ts';
import { bradleyTerryElo, type Comparison } from '../stats/bradley-terry-elo.ts';
import type { Rng } from '../stats/create-rng.ts';
import { spearmanPermutationTest, type SpearmanTest } from '../stats/spearman-permutation-test.ts';

/** S of one style entry per task (from its `style.jsonl` records). */
export type StyleScoresByTask = ReadonlyMap<string, number>;

/** A paired effect between two style configurations on the references both answered. */
export interface StylePairedEffect {
  a: string;
  b: string;
  /** Shared references (tasks with a record in both). */
  n: number;
  /** Mean of S(a) − S(b) over the shared references, with its percentile-bootstrap interval. */
  delta: number;
  ci: [number, number];
  /** References where a scores higher / lower / the same. */
  aBetter: number;
  bBetter: number;
  same: number;
}

/**
 * Paired effect of configuration `a` over `b` (FigMirror §5, the style analogue of ReFigBench's
 * paired deltas): per shared reference the difference of S, then the mean and its bootstrap
 * interval over references. Tasks only one of them answered are left out (not counted as 0).
 */
export function stylePairedEffect(
  a: string,
  scoresA: StyleScoresByTask,
  b: string,
  scoresB: StyleScoresByTask,
  rng: Rng,
  resamples: number,
): StylePairedEffect {
  const shared = [...scoresA.keys()].filter((t) => scoresB.has(t)).sort();
  const diffs = Float64Array.from(shared, (t) => scoresA.get(t)! - scoresB.get(t)!);
  const delta = diffs.length ? diffs.reduce((s, x) => s + x, 0) / diffs.length : 0;
  return {
    a,
    b,
    n: shared.length,
    delta,
    ci: bootstrapMeanCi(diffs, rng, { resamples }),
    aBetter: diffs.filter((d) => d > 0).length,
    bBetter: diffs.filter((d) => d < 0).length,
    same: diffs.filter((d) => d === 0).length,
  };
}

export interface StyleEloRow {
  entry: string;
  elo: number;
  ci: [number, number];
  wins: number;
  losses: number;
  ties: number;
  n: number;
  /** Human win rate: (wins + ties / 2) / comparisons. */
  winRate: number;
  /** Mean S over the references the entry was compared on. */
  meanS: number | null;
}

export interface StyleAgreement {
  rows: StyleEloRow[];
  /**
   * Spearman ρ between mean S and human win rate across the entries with S (FigMirror B.5:
   * ρ = 0.90, exact two-sided p = 0.083 over five methods), with its permutation p-value; ρ and p
   * are null below 3 entries.
   */
  sVsWinRate: SpearmanTest;
  /**
   * Per annotation without a tie and with S for both sides on its task: the share where the side
   * with the higher S is the one the annotator picked (pairs with equal S are left out).
   */
  pairwise: { decided: number; agree: number | null };
  /**
   * Two annotators who judged the same pair on the same reference (FigMirror B.5: every trial
   * labelled twice, 76% agreement): `overlaps` label pairs, the share naming the same outcome,
   * and chance-corrected κ over them (Fleiss' κ with two ratings per item: observed agreement
   * against the agreement expected from the pooled shares of the three outcomes — first
   * candidate by id, second, tie; null when chance agreement is 1 or there is no overlap).
   */
  interAnnotator: { overlaps: number; agree: number | null; kappa: number | null };
}

/**
 * Style comparisons from human annotations (FigMirror B.5): each annotation shows a reference and
 * two candidates and names the better style match. Gives a Bradley–Terry Elo per entry with a
 * cluster bootstrap over references, the human win rate, its Spearman agreement with mean S, the
 * pairwise agreement of S with each judgment, and the inter-annotator agreement.
 */
export function styleAgreement(
  annotations: readonly Annotation[],
  scores: ReadonlyMap<string, StyleScoresByTask>,
  rng: Rng,
  options: { resamples: number; ridge?: number; permutations?: number },
): StyleAgreement {
  const entries = [...new Set(annotations.flatMap((x) => [x.a, x.b]))].sort();
  const index = new Map(entries.map((e, i) => [e, i]));
  const comparisons: Comparison[] = annotations.map((x) => ({
    task: x.task,
    i: index.get(x.a)!,
    j: index.get(x.b)!,
    outcome: x.choice === 'A' ? 1 : x.choice === 'B' ? 0 : 0.5,
  }));
  const fit = bradleyTerryElo(entries.length, comparisons, rng, {
    resamples: options.resamples,
    ...(options.ridge !== undefined ? { ridge: options.ridge } : {}),
  });
  const rows: StyleEloRow[] = entries.map((entry, i) => {
    const tasks = [
      ...new Set(annotations.filter((x) => x.a === entry || x.b === entry).map((x) => x.task)),
    ];
    const s = tasks.map((t) => scores.get(entry)?.get(t)).filter((v) => v !== undefined);
    const n = fit.n[i]!;
    return {
      entry,
      elo: fit.elo[i]!,
      ci: fit.ci[i]!,
      wins: fit.wins[i]!,
      losses: fit.losses[i]!,
      ties: fit.ties[i]!,
      n,
      winRate: n > 0 ? (fit.wins[i]! + fit.ties[i]! / 2) / n : 0,
      meanS: s.length ? s.reduce((a, b) => a + b, 0) / s.length : null,
    };
  });
  const withS = rows.filter((r) => r.meanS !== null);
  const sVsWinRate = spearmanPermutationTest(
    withS.map((r) => r.meanS!),
    withS.map((r) => r.winRate),
    rng,
    { resamples: options.permutations ?? 20_000 },
  );

  let decided = 0;
  let agree = 0;
  for (const x of annotations) {
    if (x.choice === 'tie') continue;
    const sa = scores.get(x.a)?.get(x.task);
    const sb = scores.get(x.b)?.get(x.task);
    if (sa === undefined || sb === undefined || sa === sb) continue;
    decided++;
    if (sa > sb === (x.choice === 'A')) agree++;
  }

  const groups = new Map<string, { annotator: string; label: string }[]>();
  for (const x of annotations) {
    const [lo, hi] = x.a < x.b ? [x.a, x.b] : [x.b, x.a];
    const key = `${x.task}\u0000${lo}\u0000${hi}`;
    const winner = x.choice === 'tie' ? 'tie' : x.choice === 'A' ? x.a : x.b;
    // the outcome as a label of the pair: its first candidate (by id) won, its second, or a tie
    const label = winner === 'tie' ? 'tie' : winner === lo ? 'first' : 'second';
    groups.set(key, [...(groups.get(key) ?? []), { annotator: x.annotator, label }]);
  }
  let overlaps = 0;
  let same = 0;
  const pooled = new Map<string, number>();
  for (const g of groups.values())
    for (let i = 0; i < g.length; i++)
      for (let j = i + 1; j < g.length; j++) {
        if (g[i]!.annotator === g[j]!.annotator) continue;
        overlaps++;
        if (g[i]!.label === g[j]!.label) same++;
        for (const l of [g[i]!.label, g[j]!.label]) pooled.set(l, (pooled.get(l) ?? 0) + 1);
      }
  const observed = overlaps ? same / overlaps : null;
  const chance = [...pooled.values()].reduce((s, c) => s + (c / (2 * overlaps)) ** 2, 0);
  const kappa = observed !== null && 1 - chance > 1e-12 ? (observed - chance) / (1 - chance) : null;

  return {
    rows: rows.sort((p, q) => q.elo - p.elo || (p.entry < q.entry ? -1 : 1)),
    sVsWinRate,
    pairwise: { decided, agree: decided ? agree / decided : null },
    interAnnotator: { overlaps, agree: observed, kappa },
  };
}
