import type { Annotation } from '../schemas/annotation.schema.ts';
import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { createRng } from '../stats/create-rng.ts';
import {
  styleAgreement,
  stylePairedEffect,
  type StyleScoresByTask,
} from '../style/style-comparisons.ts';
import type { LoadedSubmission, LoadedSuiteInfo } from './leaderboard-inputs.ts';
import type { ResolvedOptions } from './leaderboard-options.ts';
import { cmp, unitId } from './resolve-configurations.ts';
import type { ResolvedStyleAnnotation, StylePlayer } from './resolve-style-annotations.ts';

type Section = NonNullable<Leaderboard['styleComparisons']>[number];

/** Up to this many style configurations on a suite, every pair gets a paired effect. */
export const ALL_PAIRS_MAX = 12;

/**
 * The style-track players: style submissions on the board grouped by configuration and suite,
 * oldest merge first (so for a task the newest submission's record wins, as on the refig board).
 */
export function stylePlayers(
  style: readonly { submission: LoadedSubmission; suite: LoadedSuiteInfo }[],
): StylePlayer[] {
  const players = new Map<string, StylePlayer>();
  const merged = (s: LoadedSubmission) => s.lastMergeKey ?? '\uffff';
  const ordered = [...style].sort(
    (x, y) =>
      cmp(merged(x.submission), merged(y.submission)) || cmp(x.submission.id, y.submission.id),
  );
  for (const { submission, suite } of ordered) {
    const id = unitId(submission.manifest);
    const key = `${suite.manifest.name}\u0000${id}`;
    const p = players.get(key) ?? { id, suite, submissions: [] };
    p.submissions.push(submission);
    players.set(key, p);
  }
  return [...players.values()].sort(
    (a, b) => cmp(a.suite.manifest.name, b.suite.manifest.name) || cmp(a.id, b.id),
  );
}

/**
 * Style comparisons per style suite (FigMirror §5 and B.5), from the style records and the valid
 * style annotations: paired effects of S between every two configurations (neighbours in the S
 * order above {@link ALL_PAIRS_MAX} configurations) on the references both answered, with
 * bootstrap intervals; and, from the human pairs, a Bradley–Terry Elo with a
 * cluster bootstrap over references, each configuration's human win rate, the Spearman ρ of mean
 * S against win rate with its permutation p-value, the share of decisive pairs where the higher
 * S was the human's pick, and the inter-annotator agreement with κ. States without data are said
 * (`fewer-than-two-configurations`, `no-annotations`) and their numbers are null or empty, never
 * filled in. `scored(submission)` is false for entries whose style records need rescoring: they
 * stay players of the human comparisons, without S.
 */
export function styleComparisonsSection(
  players: readonly StylePlayer[],
  annotations: readonly ResolvedStyleAnnotation[],
  scored: (submission: LoadedSubmission) => boolean,
  options: ResolvedOptions,
): Section[] {
  const suites = [...new Set(players.map((p) => p.suite))];
  return suites.map((suite) => {
    const inSuite = players.filter((p) => p.suite === suite);
    // S per task: the newest submission's record wins
    const scores = new Map<string, StyleScoresByTask>();
    for (const p of inSuite) {
      const byTask = new Map<string, number>();
      for (const sub of p.submissions)
        if (scored(sub)) for (const r of sub.style) byTask.set(r.task, r.S);
      if (byTask.size > 0) scores.set(p.id, byTask);
    }
    const tasks = suite.manifest.tasks;
    const meanS = (id: string) =>
      tasks.reduce((s, t) => s + (scores.get(id)?.get(t) ?? 0), 0) / Math.max(1, tasks.length);
    const withS = [...scores.keys()].sort((a, b) => meanS(b) - meanS(a) || cmp(a, b));
    // every pair up to ALL_PAIRS_MAX configurations; above, neighbours in the S order only, so the
    // bootstrap work grows linearly with the entries (k(k−1)/2 pairs would not stay bounded)
    const allPairs = withS.length <= ALL_PAIRS_MAX;
    const effects = withS.flatMap((a, i) =>
      (allPairs ? withS.slice(i + 1) : withS.slice(i + 1, i + 2)).map((b) => {
        const e = stylePairedEffect(
          a,
          scores.get(a)!,
          b,
          scores.get(b)!,
          createRng(options.bootstrapSeed),
          options.bootstrapResamples,
        );
        return { ...e, ci: e.ci, significant: e.n > 0 && (e.ci[0] > 0 || e.ci[1] < 0) };
      }),
    );

    const pairs = annotations.filter((x) => x.a.suite === suite);
    const base = {
      annotations: pairs.length,
      annotators: new Set(pairs.map((x) => x.source.annotation.annotator)).size,
      references: new Set(pairs.map((x) => x.source.annotation.task)).size,
    };
    let human: Section['human'];
    if (pairs.length === 0) {
      human = {
        status: 'no-annotations',
        ...base,
        elo: [],
        sVsWinRate: { n: 0, rho: null, pValue: null, exact: true },
        pairwise: { decided: 0, agree: null },
        interAnnotator: { overlaps: 0, agree: null, kappa: null },
      };
    } else {
      // players are configurations: a pair names submissions, the statistics their configurations
      const asConfigurations: Annotation[] = pairs.map((x) => ({
        ...x.source.annotation,
        a: x.a.id,
        b: x.b.id,
      }));
      const r = styleAgreement(asConfigurations, scores, createRng(options.eloSeed), {
        resamples: options.eloResamples,
        ridge: options.eloRidge,
      });
      human = {
        status: 'ok',
        ...base,
        elo: r.rows.map((row) => ({
          configuration: row.entry,
          elo: row.elo,
          ci: row.ci,
          wins: row.wins,
          losses: row.losses,
          ties: row.ties,
          n: row.n,
          winRate: row.winRate,
          meanS: row.meanS,
          provisional: row.n < options.provisionalBelow,
        })),
        sVsWinRate: r.sVsWinRate,
        pairwise: r.pairwise,
        interAnnotator: r.interAnnotator,
      };
    }
    return {
      suite: suite.manifest.name,
      configurations: inSuite.map((p) => p.id),
      effects: {
        status: withS.length >= 2 ? 'ok' : 'fewer-than-two-configurations',
        pairs: allPairs ? 'all' : 'adjacent',
        rows: effects,
      },
      human,
    };
  });
}
