import { z } from 'zod';
import { Field, Subscores } from './common.schema.ts';
import { JudgeSettings } from './judgment-record.schema.ts';

/**
 * `leaderboard.json`: everything the site shows, computed by `refig leaderboard` from the
 * submissions, their results records, the suites and the human annotations. Same inputs give the
 * same bytes: keys sorted, arrays in the documented orders, numbers rounded to 4 decimals, no
 * timestamps. Conventions used throughout:
 * - scores are on the 0–100 rubric scale; `ci` is a 95% percentile-bootstrap interval [lo, hi];
 * - fields named `…Pct` are percentages (0–100); `atLeast80`, `below50`, `agree`, `kappa`… are
 *   fractions (0–1);
 * - a configuration is (model, harness, workflow) on one suite, id from `configurationId`;
 * - "scoring run" = run 1 of a judge (ReFigBench reports run 1; the other runs measure stability).
 */

/** Bump when a consumer (site, bot) would misread the file. */
export const LEADERBOARD_SCHEMA_VERSION = 1;

const Ci = z.tuple([z.number(), z.number()]).describe('95% bootstrap interval [low, high]');

/** One split of a suite in a row: tasks in its mean, the mean and its 95% bootstrap interval. */
/**
 * What a row is (submission.yml `role`, the maintainers' only): `entry` is ranked; `baseline` and
 * `upper-reference` are reference lines, with no rank, rank interval or tie group. Boards written
 * before the field existed read as `entry`.
 */
const RowRole = z
  .enum(['entry', 'baseline', 'upper-reference'])
  .default('entry')
  .describe(
    'entry (ranked) or a reference line (baseline, upper-reference): shown with a badge, never ranked.',
  );

const SplitMean = z.object({
  tasks: z.number().int(),
  scored: z.number().int(),
  mean: z.number().nullable(),
  ci: Ci.nullable(),
});
const AxisValues = Subscores;
const AxisNullable = z.object({
  T: z.number().nullable(),
  S: z.number().nullable(),
  L: z.number().nullable(),
  E: z.number().nullable(),
  V: z.number().nullable(),
});

/** One configuration (model + snapshot + effort, harness + version, workflow) scored by one judge. */
export const ConfigurationRow = z.object({
  id: z
    .string()
    .describe(
      'Configuration id (see `configurationId`; `__best-of-<k>` when entries had k > 1 attempts).',
    ),
  submissions: z
    .array(z.string())
    .describe('Submission ids that make up this configuration (usually one).'),
  team: z.string(),
  model: z.object({
    name: z.string(),
    provider: z.string(),
    snapshot: z.string(),
    reasoningEffort: z.string().nullable(),
  }),
  harness: z.object({ name: z.string(), version: z.string() }),
  workflow: z.object({ name: z.string(), kind: z.enum(['direct', 'specialized', 'other']) }),
  sample: z.boolean(),
  /** entry (ranked) or a reference line (baseline, upper-reference): shown with a badge, never ranked. */
  role: RowRole,
  suite: z.string(),
  judge: z.string(),
  n: z.number().int().describe('Tasks in the suite (the denominator; missing tasks count 0).'),
  missing: z.number().int().describe('Tasks with no artifact or no record (scored 0).'),
  gateFailures: z.number().int().describe('Tasks whose artifact failed the gate g(P) (scored 0).'),
  judgeFailures: z
    .number()
    .int()
    .describe(
      'Tasks the judge never scored validly in the scoring run: excluded from the mean, counted here.',
    ),
  notScored: z
    .number()
    .int()
    .optional()
    .describe(
      'Hidden tasks the records do not cover (their scoring material is sealed and the run had no suite key): excluded from the mean, never counted as 0; absent when none.',
    ),
  /**
   * Metric judge: tasks without checked truth (or scored with `--no-truth`, against the graph
   * extracted from the raster): an unranked preview, left out of the mean, CI, ranks, effects,
   * Elo, agreement and sensitivity; absent when none (and for LLM judges, which may score every
   * task).
   */
  unverified: z
    .number()
    .int()
    .optional()
    .describe(
      'Metric judge: tasks without checked truth (or scored with --no-truth, against the graph extracted from the raster): an unranked preview, left out of the mean, CI, ranks, effects, Elo, agreement and sensitivity; absent when none (and for LLM judges, which may score every task).',
    ),
  /**
   * Metric judge: tasks of the mean scored against checked truth (truth.json or sealed truth), of
   * `n` — the board's "N of M scored against checked truth"; null for LLM judges.
   */
  checkedTruth: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      'Metric judge: tasks of the mean scored against checked truth (truth.json or sealed truth), of n — the board\'s "N of M scored against checked truth"; null for LLM judges.',
    ),
  capped: z.number().int().describe('Artifacts that received the flattening cap (cap < 100).'),
  scored: z
    .number()
    .int()
    .optional()
    .describe('Tasks in the mean: n − judgeFailures − notScored − unverified.'),
  mean: z
    .number()
    .nullable()
    .describe(
      'Mean final score over the scored tasks (scoring run); null when no task was scored (every record failed, or none rests on checked truth) — such a row has no CI and no rank, and the board lists a problem for it.',
    ),
  ci: Ci.nullable(),
  p25: z.number(),
  p50: z.number(),
  p75: z.number(),
  atLeast80: z.number().describe('Fraction of scored tasks with final ≥ 80.'),
  below50: z.number().describe('Fraction of scored tasks with final < 50.'),
  axes: AxisValues.describe("Mean subscores T/S/L/E/V (maxima: the board's `rubric`)."),
  byField: z
    .record(z.string(), z.object({ n: z.number().int(), mean: z.number() }))
    .describe(
      "Mean by the task's arXiv field (cs.AI, cs.CL, cs.CV, cs.LG; `unknown` when the task has none).",
    ),
  runs: z.object({
    count: z.number().int(),
    mean: z.number().describe('Mean of per-task run means.'),
    perRun: z.array(z.number()).describe('Mean of each run (run 1 first).'),
    taskSd: z
      .number()
      .nullable()
      .describe(
        'Mean over the tasks judged in every run of the per-task sample SD across runs (null with one run).',
      ),
    judged: z
      .number()
      .int()
      .optional()
      .describe('Tasks judged (status ok) in every run: the n of `taskSd` and of the ICC.'),
  }),
  distribution: z
    .array(z.number().int())
    .length(10)
    .describe('Histogram of final scores in 10-point bins [0,10) … [90,100].'),
  rank: z
    .number()
    .int()
    .nullable()
    .describe(
      'Rank among configurations of the same suite for this judge (1 = best); null when not ranked (entries with more than one attempt per task are shown, not ranked).',
    ),
  attempts: z
    .number()
    .int()
    .describe(
      "Attempts per task of the configuration's entries (1 = single attempt, the ranked kind).",
    ),
  rankInterval: z
    .tuple([z.number().int(), z.number().int()])
    .optional()
    .describe(
      '95% bootstrap interval of the rank [best, worst]: every configuration of the judge and suite resampled over the same tasks (the resamples of the mean CIs: same count and seed).',
    ),
  tieGroup: z
    .number()
    .int()
    .optional()
    .describe(
      "Group of statistically tied configurations (1 = the top group): in rank order, a configuration joins the group of the one above when the 95% interval of its paired mean difference with the group's best member contains 0.",
    ),
  tiedWith: z
    .array(z.string())
    .optional()
    .describe(
      'Configurations (ids, by rank) whose paired mean difference with this one has a 95% interval containing 0.',
    ),
  costPerArtifact: z
    .number()
    .nullable()
    .describe('Mean recorded-or-estimated cost per artifact (USD), null without effort records.'),
  medianTurns: z.number().nullable(),
  /**
   * A suite with a hidden split: the row's mean on each split (public tasks, whose truth is in
   * the repository, and hidden ones, whose truth is only sealed), and the public − hidden gap with
   * a 95% bootstrap interval (the two splits resampled independently) — tuning to public truth
   * shows as a gap above 0. Absent for suites without a hidden split.
   */
  splits: z
    .object({
      public: SplitMean,
      hidden: SplitMean,
      gap: z
        .object({ mean: z.number(), ci: Ci.nullable() })
        .nullable()
        .describe('Public mean − hidden mean; null when a split has no scored task.'),
    })
    .optional()
    .describe(
      "A suite with a hidden split: the row's mean on each split (public tasks, whose truth is in the repository, and hidden ones, whose truth is only sealed), and the public − hidden gap with a 95% bootstrap interval (the two splits resampled independently) — tuning to public truth shows as a gap above 0. Absent for suites without a hidden split.",
    ),
});
export type ConfigurationRow = z.infer<typeof ConfigurationRow>;

/** One effort measure of the two sides of a paired effect (null when a side has no value). */
const EffortChange = z.object({
  from: z.number().nullable(),
  to: z.number().nullable(),
  delta: z.number().nullable().describe('to − from; null unless both sides have a value.'),
  ratio: z
    .number()
    .nullable()
    .describe('to / from; null unless both sides have a value and from > 0.'),
});

export const PairedEffect = z.object({
  judge: z.string(),
  kind: z
    .enum(['workflow', 'harness', 'pair'])
    .describe(
      '`workflow` (fixed model+harness) | `harness` (fixed model+workflow) | `pair` (any two).',
    ),
  model: z.string().nullable(),
  harness: z.string().nullable(),
  workflow: z.string().nullable(),
  from: z
    .string()
    .describe(
      'Configuration ids: Δ = mean(to − from). Workflow effects: from = direct, to = specialized.',
    ),
  to: z.string(),
  n: z.number().int().describe('Tasks both configurations have a valid score for.'),
  delta: z.number(),
  ci: Ci.describe('Paired bootstrap interval (5,000 resamples over tasks, seed 7).'),
  wins: z
    .number()
    .int()
    .describe("W/T/L from `to`'s perspective; a tie is |difference| ≤ `tieMargin`."),
  ties: z.number().int(),
  losses: z.number().int(),
  axes: AxisValues.describe('Mean per-axis differences (to − from).'),
  significant: z.boolean().optional().describe('True when the interval excludes 0.'),
  tieMargin: z.number().optional(),
  /**
   * Workflow economics (ReFigBench Table 4) beside Δ: the two configurations' median agent turns
   * per task and mean cost per artifact (USD) from the effort section, their change and ratio.
   */
  economics: z
    .object({
      medianTurns: EffortChange.describe('Median agent turns per task (recognised logs).'),
      costPerArtifact: EffortChange.describe(
        'Mean cost per artifact in USD (records with a cost).',
      ),
      costEstimated: z
        .boolean()
        .describe("True when either side's cost was estimated from a price table."),
    })
    .optional()
    .describe(
      "Workflow economics (ReFigBench Table 4) beside Δ: the two configurations' median agent turns per task and mean cost per artifact (USD) from the effort section, their change and ratio.",
    ),
});
export type PairedEffect = z.infer<typeof PairedEffect>;

export const EloRow = z.object({
  configuration: z.string(),
  elo: z.number().describe('1000 + 400/ln10 · (β − mean β).'),
  ci: Ci.describe('From 2,000 cluster-bootstrap fits over source tasks (seed 20260720).'),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  sharedSuccess: z
    .number()
    .int()
    .optional()
    .describe('Of `ties`: both renderings good (ReFigBench Appendix F keeps tie kinds apart).'),
  sharedFailure: z.number().int().optional().describe('Of `ties`: both renderings bad.'),
  n: z.number().int().describe('Annotations involving this configuration.'),
  provisional: z
    .boolean()
    .describe('Fewer than `elo.provisionalBelow` annotations: shown, but not to be over-read.'),
});
export type EloRow = z.infer<typeof EloRow>;

/** Style comparisons on one style suite (see `Leaderboard.styleComparisons`). */
const StyleComparisons = z.object({
  suite: z.string(),
  configurations: z
    .array(z.string())
    .describe('Style configurations on the suite (players), sorted by id.'),
  /**
   * Paired effects of S, every two configurations with style records: Δ = mean over the
   * references both answered of S(a) − S(b), a being the one with the higher mean S on the suite;
   * `fewer-than-two-configurations` (and no rows) when there is nothing to pair.
   */
  effects: z
    .object({
      status: z.enum(['ok', 'fewer-than-two-configurations']),
      pairs: z
        .enum(['all', 'adjacent'])
        .describe(
          '`all` = every two configurations (up to 12 on the suite); `adjacent` = above 12, each with the next lower in mean S, so the work stays linear in the entries.',
        ),
      rows: z.array(
        z.object({
          a: z.string(),
          b: z.string(),
          n: z.number().int().describe('Shared references.'),
          delta: z.number(),
          ci: Ci.describe(
            'Paired bootstrap interval over references (settings.bootstrapResamples, seed settings.bootstrapSeed).',
          ),
          significant: z.boolean().describe('True when the interval excludes 0.'),
          aBetter: z
            .number()
            .int()
            .describe('References where a scores higher / b scores higher / both the same.'),
          bBetter: z.number().int(),
          same: z.number().int(),
        }),
      ),
    })
    .describe(
      'Paired effects of S, every two configurations with style records: Δ = mean over the references both answered of S(a) − S(b), a being the one with the higher mean S on the suite; `fewer-than-two-configurations` (and no rows) when there is nothing to pair.',
    ),
  /**
   * From the human style pairs on the suite: `no-annotations` (empty rows, null statistics) until
   * there is one. Elo on the scale of `elo` (Bradley–Terry, cluster bootstrap over references,
   * settings.eloResamples, seed settings.eloSeed); a configuration in fewer than
   * settings.provisionalBelow pairs is provisional.
   */
  human: z
    .object({
      status: z.enum(['no-annotations', 'ok']),
      annotations: z
        .number()
        .int()
        .describe('Valid style pairs on the suite, their annotators and references.'),
      annotators: z.number().int(),
      references: z.number().int(),
      /** By Elo, best first. */
      elo: z
        .array(
          z.object({
            configuration: z.string(),
            elo: z.number(),
            ci: Ci,
            wins: z.number().int(),
            losses: z.number().int(),
            ties: z.number().int(),
            n: z.number().int(),
            winRate: z.number().describe('Human win rate: (wins + ties / 2) / n (FigMirror B.5).'),
            meanS: z
              .number()
              .nullable()
              .describe(
                'Mean S over the references it was compared on; null without style records.',
              ),
            provisional: z.boolean(),
          }),
        )
        .describe('By Elo, best first.'),
      sVsWinRate: z
        .object({
          n: z.number().int(),
          rho: z.number().nullable(),
          pValue: z.number().nullable(),
          exact: z.boolean(),
        })
        .describe(
          'Spearman ρ of mean S vs human win rate over the configurations with S, and its two-sided permutation p (exact up to 8 configurations); null below 3.',
        ),
      pairwise: z
        .object({ decided: z.number().int(), agree: z.number().nullable() })
        .describe(
          'Decisive pairs whose candidates have different S, and the share where the higher S was picked.',
        ),
      /** Label pairs of two annotators on the same pair and reference: share agreeing (FigMirror B.5: 76%) and Fleiss' κ (null when undefined). */
      interAnnotator: z
        .object({
          overlaps: z.number().int(),
          agree: z.number().nullable(),
          kappa: z.number().nullable(),
        })
        .describe(
          "Label pairs of two annotators on the same pair and reference: share agreeing (FigMirror B.5: 76%) and Fleiss' κ (null when undefined).",
        ),
    })
    .describe(
      'From the human style pairs on the suite: `no-annotations` (empty rows, null statistics) until there is one. Elo on the scale of `elo` (Bradley–Terry, cluster bootstrap over references, settings.eloResamples, seed settings.eloSeed); a configuration in fewer than settings.provisionalBelow pairs is provisional.',
    ),
});

const ProblemRow = z.object({
  severity: z.enum(['error', 'warning']),
  rule: z.string(),
  file: z.string(),
  message: z.string(),
});

export const Leaderboard = z.object({
  schemaVersion: z.literal(LEADERBOARD_SCHEMA_VERSION),
  inputsHash: z
    .string()
    .describe(
      'Digest of every input file (relative path + SHA-256), so two boards can be compared without diffing.',
    ),
  generator: z.object({ name: z.literal('figboard'), version: z.string() }),
  scorers: z
    .record(z.string(), z.number().int())
    .optional()
    .describe(
      'Scorer versions the board ranks (evaluator/src/scorers/scorer-registry.ts): every ranked record was made by these; entries with records of other versions are in `rescoring`.',
    ),
  rubric: AxisValues.optional().describe(
    'The rubric maxima every ranked judgment was scored under (figboard.yml `scoring.rubric`; ReFigBench: T 20, S 30, L 15, E 25, V 10 — `DEFAULT_RUBRIC`). Pages and the bot read axis maxima from here; judgments scored under other maxima are in `rescoring`.',
  ),
  /** Judges seen in the records (and configured), sorted by id. */
  judges: z
    .array(
      z.object({
        id: z.string(),
        family: z.string(),
        model: z.string(),
        runs: z.number().int(),
        primary: z.boolean(),
        settings: JudgeSettings.nullable()
          .optional()
          .describe(
            'The settings its ranked verdicts carry (ReFigBench pins model snapshot, reasoning effort and — for the Qwen judge — thinking off): the configured ones, else those most of its records carry; null when no record has any.',
          ),
        scorers: z
          .record(z.string(), z.number().int())
          .optional()
          .describe(
            'Scorer versions its ranked judgments were made by (`audit` and `metric` or `llm`).',
          ),
      }),
    )
    .describe('Judges seen in the records (and configured), sorted by id.'),
  primaryJudge: z.string(),
  /** Statistical settings the board was computed with. */
  settings: z
    .object({
      bootstrapResamples: z.number().int(),
      bootstrapSeed: z.number().int(),
      eloResamples: z.number().int(),
      eloSeed: z.number().int(),
      tieMargin: z.number(),
      provisionalBelow: z.number().int(),
      agreementResamples: z
        .number()
        .int()
        .optional()
        .describe(
          'Cluster-bootstrap resamples over source tasks for judge–human agreement intervals (5,000).',
        ),
      agreementSeed: z.number().int().optional().describe('Seed of those resamples (20260721).'),
      harnessOrder: z
        .array(z.string())
        .optional()
        .describe(
          'Harness effects are (earlier in this list) − (later); ReFigBench: Claude Code − Codex.',
        ),
      pairCoverageThreshold: z
        .number()
        .int()
        .optional()
        .describe(
          '`elo.coverage.atLeastThreshold` counts configuration pairs with at least this many annotations (ReFigBench: 20).',
        ),
    })
    .optional(),
  suites: z.array(
    z.object({
      name: z.string(),
      version: z.string(),
      track: z.enum(['refig', 'style']),
      taskCount: z.number().int(),
      fields: z.record(z.string(), z.number().int()),
      verified: z
        .number()
        .int()
        .optional()
        .describe(
          'Refig suites: tasks with checked truth (plain or sealed), the only ones the metric judge ranks.',
        ),
      hidden: z
        .number()
        .int()
        .optional()
        .describe(
          'Tasks of the hidden split (scoring material only in sealed.json); absent when none.',
        ),
    }),
  ),
  /** Submissions on the board, sorted by id (bad submissions are left out and listed in `problems`). */
  submissions: z.array(
    z.object({
      id: z.string(),
      configuration: z.string(),
      track: z.enum(['refig', 'style']),
      team: z.string(),
      contact: z.string(),
      model: z.object({
        name: z.string(),
        provider: z.string(),
        snapshot: z.string(),
        reasoningEffort: z.string().nullable(),
      }),
      harness: z.object({ name: z.string(), version: z.string() }),
      workflow: z.object({
        name: z.string(),
        kind: z.enum(['direct', 'specialized', 'other']),
        description: z.string(),
      }),
      suite: z.object({ name: z.string(), version: z.string() }),
      attempts: z.number().int(),
      date: z.string().describe("The submitter's run date (information only)."),
      mergedAt: z
        .string()
        .nullable()
        .describe(
          'Merge date from submissions/OWNERSHIP.json: what the board orders entries by; null when not merged.',
        ),
      owners: z
        .string()
        .nullable()
        .describe(
          'Owners of the folder as recorded on merge (`@login`, `the maintainers`); null when not merged.',
        ),
      verified: z
        .object({ date: z.string(), by: z.string() })
        .optional()
        .describe(
          "The maintainers reproduced this submission's results (submissions/OWNERSHIP.json `verified`, for its latest merge): when and who. Absent when not verified.",
        ),
      license: z.string(),
      links: z.object({ report: z.string().optional(), code: z.string().optional() }),
      sample: z.boolean().describe("True only for the maintainers' bundled samples."),
      /** entry (ranked) or a reference line (baseline, upper-reference): shown with a badge, never ranked. */
      role: RowRole,
    }),
  ),
  configurations: z.array(ConfigurationRow).describe('Sorted by judge, suite, rank.'),
  pairedEffects: z
    .array(PairedEffect)
    .describe('Specialized − direct per (model, harness), every judge.'),
  harnessEffects: z
    .array(PairedEffect)
    .describe(
      'Same model and workflow kind, two harnesses: Δ = to − from, `to` the harness earlier in `settings.harnessOrder` (ReFigBench Appendix G: Claude Code − Codex).',
    ),
  elo: z.object({
    rows: z.array(EloRow).describe('Sorted by Elo, best first.'),
    order: z
      .array(z.string())
      .describe(
        'wins[i][j] = times configuration i beat j; ties[i][j] symmetric. Order = `order` (sorted ids).',
      ),
    wins: z.array(z.array(z.number().int())),
    ties: z.array(z.array(z.number().int())),
    annotations: z.number().int().describe('Valid annotations used.'),
    tasks: z.number().int().describe('Distinct source tasks among them (the bootstrap clusters).'),
    provisionalBelow: z.number().int().optional(),
    regularized: z
      .boolean()
      .optional()
      .describe(
        'True when the comparison graph was not strongly connected and a weak ridge prior kept the MLE finite.',
      ),
    tieKinds: z
      .object({ sharedSuccess: z.number().int(), sharedFailure: z.number().int() })
      .optional()
      .describe('Tie annotations by kind (each also counts half a win to both sides in the fit).'),
    positionBias: z
      .object({
        decisive: z.number().int(),
        leftWins: z.number().int(),
        share: z.number().nullable(),
        ci: Ci.nullable(),
        pValue: z.number().nullable(),
      })
      .optional()
      .describe(
        'Position bias: over decisive annotations, how often the submission shown on the left won; its share with a 95% Wilson interval and the exact two-sided binomial p-value against 1/2.',
      ),
    coverage: z
      .object({
        configurations: z.number().int(),
        pairs: z.number().int(),
        covered: z.number().int(),
        atLeastThreshold: z.number().int(),
        threshold: z.number().int(),
      })
      .optional()
      .describe(
        "Coverage of the comparison graph (ReFigBench Appendix J): over the board's configurations of each annotated suite, the pairs, those with any annotation, and those with at least `threshold` annotations.",
      ),
  }),
  /**
   * Judge robustness across repeated runs (ReFigBench Appendix L, Table 18), per judge and suite
   * with at least two runs every configuration has: each run's means and ranking, every paired
   * effect per run, and a stability summary.
   */
  runStability: z
    .array(
      z.object({
        judge: z.string(),
        suite: z.string(),
        runs: z.array(z.number().int()),
        rankings: z
          .array(
            z.object({
              run: z.number().int(),
              order: z.array(z.string()),
              means: z.record(z.string(), z.number()),
            }),
          )
          .describe(
            'Per run: configuration ids best first, and their means (missing/gate-failed = 0).',
          ),
        /** Every workflow and harness effect recomputed in every run (paired bootstrap as in `pairedEffects`). */
        effects: z
          .array(
            z.object({
              kind: z.enum(['workflow', 'harness', 'pair']),
              from: z.string(),
              to: z.string(),
              perRun: z.array(
                z.object({
                  run: z.number().int(),
                  n: z.number().int(),
                  delta: z.number(),
                  ci: Ci,
                  significant: z.boolean(),
                }),
              ),
              signStable: z.boolean().describe('Same sign in every run.'),
              significanceStable: z.boolean().describe('Significant in every run or in none.'),
            }),
          )
          .describe(
            'Every workflow and harness effect recomputed in every run (paired bootstrap as in `pairedEffects`).',
          ),
        summary: z.object({
          identicalRankings: z.boolean().describe('The same ranking in every run.'),
          swaps: z
            .array(
              z.object({
                a: z.string(),
                b: z.string(),
                runs: z.array(z.number().int()),
                maxGap: z.number(),
              }),
            )
            .describe(
              'Pairs (a above b in the first run) ordered the other way in `runs`; `maxGap` = the largest |mean a − mean b| in any run.',
            ),
          minSpearman: z
            .number()
            .nullable()
            .describe("Lowest Spearman ρ between the first run's means and a later run's."),
          maxMeanShift: z
            .number()
            .describe("Largest change of one configuration's mean across runs."),
          effectSignsStable: z.boolean().describe('Every effect keeps its sign in every run.'),
          significantEffectsStable: z
            .boolean()
            .describe(
              'Every effect significant in the first run is significant, with the same sign, in every run.',
            ),
        }),
      }),
    )
    .optional()
    .describe(
      "Judge robustness across repeated runs (ReFigBench Appendix L, Table 18), per judge and suite with at least two runs every configuration has: each run's means and ranking, every paired effect per run, and a stability summary.",
    ),
  judgeReliability: z.object({
    icc: z
      .array(
        z.object({
          judge: z.string(),
          configuration: z.string(),
          icc: z.number().nullable(),
          runs: z.number().int(),
          n: z.number().int().optional(),
        }),
      )
      .describe(
        'ICC(2,1) (two-way random, absolute agreement, single rater) of task scores across runs, over the `n` tasks judged in every run (missing and gate-failed tasks left out, as in ReFigBench).',
      ),
    /** Rank agreement of the three-run configuration means between two judges of different families. */
    families: z.array(
      z.object({
        a: z.string(),
        b: z.string(),
        familyA: z.string().optional(),
        familyB: z.string().optional(),
        spearman: z.number().nullable(),
        kendall: z.number().nullable(),
        n: z.number().int(),
      }),
    ),
  }),
  agreement: z.object({
    /**
     * Judge–human direction agreement on decisive annotations, by absolute judge margin bucket
     * `[0,2)` `[2,5)` `[5,10)` `[10,inf)` plus `all`. `run-mean` excludes zero mean margins.
     */
    byMargin: z.array(
      z.object({
        judge: z.string(),
        mode: z.enum(['single-run', 'run-mean']),
        bucket: z.string(),
        n: z.number().int(),
        agree: z.number().nullable(),
        ci: Ci.nullable()
          .optional()
          .describe(
            '95% cluster-bootstrap interval of `agree` resampling source tasks (settings.agreementResamples, seed settings.agreementSeed); null when n = 0.',
          ),
      }),
    ),
    byMatchup: z
      .array(
        z.object({
          judge: z.string(),
          mode: z.enum(['single-run', 'run-mean']),
          matchup: z.enum(['workflow', 'cross']),
          n: z.number().int(),
          agree: z.number().nullable(),
          ci: Ci.nullable(),
        }),
      )
      .optional()
      .describe(
        'Direction agreement by matchup (ReFigBench Appendix K, "Matchup composition"): `workflow` = the two configurations share model and harness and differ in workflow; `cross` = every other pair. Same decisive annotations, margins and interval method as `byMargin`\'s `all` row.',
      ),
    /** Three-class (A / B / tie) agreement and Cohen's κ, judge tie when |margin| ≤ tieThreshold. */
    kappa: z.array(
      z.object({
        judge: z.string(),
        mode: z.enum(['single-run', 'run-mean']),
        tieThreshold: z.number(),
        kappa: z.number().nullable(),
        n: z.number().int(),
        agreement: z.number().nullable().optional(),
      }),
    ),
    vsElo: z
      .array(
        z.object({
          judge: z.string(),
          pearson: z.number().nullable(),
          spearman: z.number().nullable(),
          n: z.number().int(),
        }),
      )
      .describe('Configuration means (scoring run) vs human Elo.'),
    interAnnotator: z
      .object({ overlaps: z.number().int(), agree: z.number().nullable() })
      .optional()
      .describe(
        'Pairs annotated by more than one annotator: how often two annotators chose the same.',
      ),
  }),
  /**
   * Rubric weight sensitivity (ReFigBench Appendix M, Table 21) for the primary judge's scoring
   * run: axes normalised by their maxima, weights summing to 100, the flattening cap re-applied.
   */
  sensitivity: z.object({
    judge: z.string(),
    suite: z
      .string()
      .optional()
      .describe(
        'The suite analysed: the one with the most configurations scored by the primary judge.',
      ),
    variants: z.array(
      z.object({
        name: z.string(),
        weights: AxisValues,
        rho: z
          .number()
          .nullable()
          .describe('Spearman of the configuration ranking vs the default weights.'),
        r: z.number().nullable().describe('Pearson of the configuration means vs human Elo.'),
        means: z.record(z.string(), z.number()),
        effects: z.array(
          z.object({
            from: z.string(),
            to: z.string(),
            delta: z.number(),
            ci: Ci.optional(),
            significant: z.boolean().optional(),
          }),
        ),
      }),
    ),
    /**
     * ReFigBench Appendix M's check of later judge runs: under the 15-point and uniform variants
     * (`variants`), each later run's paired effects, and whether each keeps the scoring run's
     * sign and significance (`changed` lists those that do not).
     */
    runChecks: z
      .object({
        variants: z.array(z.string()),
        runs: z.array(
          z.object({
            run: z.number().int(),
            variants: z.array(
              z.object({
                name: z.string(),
                weights: AxisValues,
                effects: z.array(
                  z.object({
                    from: z.string(),
                    to: z.string(),
                    delta: z.number(),
                    ci: Ci,
                    significant: z.boolean(),
                  }),
                ),
              }),
            ),
            reproduces: z
              .boolean()
              .describe("True when every effect keeps the scoring run's sign and significance."),
            changed: z.array(
              z.object({
                variant: z.string(),
                from: z.string(),
                to: z.string(),
                what: z.enum(['sign', 'significance']),
              }),
            ),
          }),
        ),
      })
      .optional()
      .describe(
        "ReFigBench Appendix M's check of later judge runs: under the 15-point and uniform variants (`variants`), each later run's paired effects, and whether each keeps the scoring run's sign and significance (`changed` lists those that do not).",
      ),
    zeroCrossings: z
      .array(
        z.object({
          from: z.string(),
          to: z.string(),
          editabilityWeight: z.number().nullable(),
          note: z.string(),
        }),
      )
      .describe(
        'Editability weight at which each workflow effect changes sign (sweep with proportional redistribution).',
      ),
  }),
  /**
   * Rubric scores by source domain (ReFigBench Table 14), per judge and suite, scoring run: the
   * pooled mean over every configuration's scored tasks of the field, the overall best
   * configuration's mean on the field, and the configuration with the highest mean on the field.
   * Sorted by judge, suite, field; `unknown` = tasks without a field.
   */
  byField: z
    .array(
      z.object({
        judge: z.string(),
        suite: z.string(),
        field: z.string(),
        tasks: z.number().int().describe('Suite tasks in the field.'),
        configurations: z.number().int().describe('Configurations with a score on the field.'),
        scored: z
          .number()
          .int()
          .describe(
            "(configuration, task) scores pooled (judge failures excluded, as in each row's mean).",
          ),
        pooledMean: z
          .number()
          .describe(
            'Mean over all pooled scores (equal weight per configuration when none has judge failures).',
          ),
        best: z
          .object({ configuration: z.string(), mean: z.number(), n: z.number().int() })
          .nullable()
          .describe(
            'The rank-1 configuration of this judge and suite, and its mean on the field (Table 14\'s "Best mean score"); null when it has no score on the field.',
          ),
        fieldBest: z
          .object({ configuration: z.string(), mean: z.number(), n: z.number().int() })
          .describe(
            'The configuration with the highest mean on this field (ties: better overall rank).',
          ),
      }),
    )
    .optional()
    .describe(
      "Rubric scores by source domain (ReFigBench Table 14), per judge and suite, scoring run: the pooled mean over every configuration's scored tasks of the field, the overall best configuration's mean on the field, and the configuration with the highest mean on the field. Sorted by judge, suite, field; `unknown` = tasks without a field.",
    ),
  /** Structural audit (ReFigBench Table 15), one row per configuration, from `artifacts.jsonl`. */
  audit: z.array(
    z.object({
      configuration: z.string(),
      n: z.number().int().describe('Audited artifacts (missing ones are counted in `missing`).'),
      missing: z.number().int().optional(),
      imgPct: z.number().describe('% with any picture (including a background picture fill).'),
      fullPct: z.number().describe('% whose largest picture covers ≥ 85% of the canvas.'),
      capPct: z.number().describe('% receiving the flattening cap; `capped` is the count.'),
      capped: z.number().int().optional(),
      noConnPct: z.number().describe('% without any native connector.'),
      medianTexts: z
        .number()
        .describe('Median shapes carrying non-blank text (text boxes and labelled shapes).'),
      medianShapes: z.number().describe('Median non-line shapes (plain shapes + freeforms).'),
      medianConnectors: z.number(),
      structureBelow15Pct: z
        .number()
        .nullable()
        .describe(
          '% of suite tasks with S < 15 (primary judge, scoring run); null without judgments.',
        ),
      below50Pct: z
        .number()
        .nullable()
        .describe('% of suite tasks with final < 50 (primary judge, scoring run).'),
    }),
  ),
  /** Effort and cost (ReFigBench Tables 22–23) from `effort.jsonl`. */
  effort: z.array(
    z.object({
      configuration: z.string(),
      n: z.number().int().describe('Suite tasks.'),
      formats: z
        .record(z.string(), z.number().int())
        .describe('Records by log format (claude-code, codex, unknown, missing).'),
      logs: z.number().int().optional().describe('Recognised logs (claude-code + codex).'),
      medianTurns: z.number().nullable(),
      medianToolCalls: z.number().nullable(),
      medianOutputTokens: z.number().nullable(),
      medianTotalTokens: z.number().nullable(),
      totalTokens: z
        .number()
        .nullable()
        .optional()
        .describe('Sum of total tokens over recognised logs.'),
      medianDurationS: z.number().nullable(),
      costPerArtifact: z.number().nullable().describe('Mean cost per record with a cost.'),
      totalCost: z.number().nullable(),
      costRecords: z.number().int().optional().describe('Records with a cost.'),
      costEstimated: z.boolean().describe('True when any cost was estimated from a price table.'),
    }),
  ),
  /** Style track: S per split (and `all`), per submission. */
  style: z.array(
    z.object({
      configuration: z.string(),
      submission: z.string(),
      suite: z
        .string()
        .optional()
        .describe(
          'The style suite the row scores (entries answer different suites, e.g. style-sample, style-real).',
        ),
      split: z.string(),
      n: z
        .number()
        .int()
        .describe(
          'Tasks in the means (a task without a record counts 0, except a hidden one: see notScored).',
        ),
      notScored: z
        .number()
        .int()
        .optional()
        .describe(
          'Hidden tasks without a record (sealed material, no key): left out of the means; absent when none.',
        ),
      S: z.number(),
      code: z.number(),
      vision: z.number(),
      /** Bootstrap 95% interval of S over the references (tasks) of the row. */
      ci: Ci,
      codeCi: Ci.describe(
        'Bootstrap 95% interval of S_code over the same references (same resampled indices as `ci`).',
      ),
      visionCi: Ci.describe(
        'Bootstrap 95% interval of S_vision (deterministic channel) over the same references.',
      ),
      /**
       * The LLM vision channel, one entry per judge with records (sorted by judge): S_vision and
       * S with that judge, per reference the mean over its runs, averaged over the references with
       * a usable verdict, each with a bootstrap 95% interval over those references.
       */
      llm: z
        .array(
          z.object({
            judge: z.string(),
            family: z.string(),
            model: z.string(),
            /** Run files found for the judge. */
            runs: z.number().int(),
            /** References with at least one usable verdict (the mean's denominator). */
            n: z.number().int(),
            /** References every run of which failed (never counted as 0). */
            failed: z.number().int(),
            /** References of the row without any record of this judge (not judged yet). */
            unjudged: z.number().int(),
            /** Mean S_vision with the judge (deterministic defects + the judge's, 5/10/25 penalties). */
            vision: z.number().nullable(),
            visionCi: Ci.nullable(),
            /** Mean S = 0.35·S_code + 0.65·S_vision with the judge. */
            S: z.number().nullable(),
            ci: Ci.nullable(),
            /** Mean number of defects the judge added per judged candidate. */
            defects: z.number().nullable(),
          }),
        )
        .describe(
          'The LLM vision channel, one entry per judge with records (sorted by judge): S_vision and S with that judge, per reference the mean over its runs, averaged over the references with a usable verdict, each with a bootstrap 95% interval over those references.',
        ),
    }),
  ),
  styleComparisons: z
    .array(StyleComparisons)
    .optional()
    .describe(
      'Style comparisons per style suite (FigMirror §5 and B.5): paired effects of S between style configurations on shared references, and from human style pairs (`annotations/*.jsonl` lines with `track: "style"`) a style Elo, win rates, S vs win rate and inter-annotator agreement. Sorted by suite.',
    ),
  /** Per-task results for the task and submission pages (primary judge, scoring run). */
  tasks: z.array(
    z.object({
      id: z.string(),
      suite: z.string(),
      field: Field.nullable(),
      verified: z
        .boolean()
        .optional()
        .describe(
          'The task has checked truth (refig; absent for style tasks): the metric judge ranks it.',
        ),
      results: z.array(
        z.object({
          submission: z.string(),
          configuration: z.string(),
          final: z.number().nullable(),
          preview: z
            .number()
            .optional()
            .describe(
              'Metric judge on an unverified task: the preview score against the extracted graph (shown labelled as a preview, never ranked; `final` is then null).',
            ),
          subscores: AxisNullable.nullable(),
          gate: z.object({ passed: z.boolean(), reason: z.string().nullable() }),
          cap: z.number(),
        }),
      ),
    }),
  ),
  /**
   * Entries whose records were made by other scorer versions than `scorers`: left out of the
   * rankings those records feed (a judge's configurations, the audit table, the style board)
   * until `refig evaluate` rescores them. Sorted by submission, records.
   */
  rescoring: z
    .array(
      z.object({
        submission: z.string(),
        records: z.string().describe('`judgments/<judge>`, `artifacts` (gate + audit) or `style`.'),
        judge: z
          .string()
          .nullable()
          .describe('The judge whose ranking leaves the entry out; null for artifacts and style.'),
        count: z.number().int().describe('Records of another version.'),
        recorded: z
          .array(z.string())
          .describe('Versions those records carry, e.g. "audit 1, metric 1".'),
        expected: z.string().describe('Versions the board needs.'),
      }),
    )
    .optional()
    .describe(
      "Entries whose records were made by other scorer versions than `scorers`: left out of the rankings those records feed (a judge's configurations, the audit table, the style board) until `refig evaluate` rescores them. Sorted by submission, records.",
    ),
  problems: z
    .array(ProblemRow)
    .optional()
    .describe(
      'Input problems found while building (bad lines, unknown submissions, left-out submissions).',
    ),
});
export type Leaderboard = z.infer<typeof Leaderboard>;
