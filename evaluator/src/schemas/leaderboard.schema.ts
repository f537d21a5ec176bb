import { z } from 'zod';
import { Field, Subscores } from './common.schema.ts';

/** Bump when a consumer (site, bot) would misread the file. */
export const LEADERBOARD_SCHEMA_VERSION = 1;

const Ci = z.tuple([z.number(), z.number()]);
const AxisValues = Subscores;
const AxisNullable = z.object({ T: z.number().nullable(), S: z.number().nullable(), L: z.number().nullable(), E: z.number().nullable(), V: z.number().nullable() });

/** One configuration (model, harness, workflow) scored by one judge. */
export const ConfigurationRow = z.object({
  /** Configuration id (see `configurationId`). */
  id: z.string(),
  /** Submission ids that make up this configuration (usually one). */
  submissions: z.array(z.string()),
  team: z.string(),
  model: z.object({ name: z.string(), provider: z.string(), snapshot: z.string(), reasoningEffort: z.string().nullable() }),
  harness: z.object({ name: z.string(), version: z.string() }),
  workflow: z.object({ name: z.string(), kind: z.enum(['direct', 'specialized', 'other']) }),
  sample: z.boolean(),
  suite: z.string(),
  judge: z.string(),
  /** Tasks in the suite (the denominator; missing tasks count 0). */
  n: z.number().int(),
  missing: z.number().int(),
  gateFailures: z.number().int(),
  judgeFailures: z.number().int(),
  capped: z.number().int(),
  mean: z.number(),
  ci: Ci,
  p25: z.number(),
  p50: z.number(),
  p75: z.number(),
  atLeast80: z.number(),
  below50: z.number(),
  axes: AxisValues,
  byField: z.record(z.string(), z.object({ n: z.number().int(), mean: z.number() })),
  runs: z.object({
    count: z.number().int(),
    /** Mean of per-task run means. */
    mean: z.number(),
    perRun: z.array(z.number()),
    /** Mean over tasks of the per-task SD across runs (null with one run). */
    taskSd: z.number().nullable(),
  }),
  /** Histogram of final scores in 10-point bins [0,10) … [90,100]. */
  distribution: z.array(z.number().int()).length(10),
  /** Rank among configurations for this judge (1 = best). */
  rank: z.number().int(),
  costPerArtifact: z.number().nullable(),
  medianTurns: z.number().nullable(),
});
export type ConfigurationRow = z.infer<typeof ConfigurationRow>;

export const PairedEffect = z.object({
  judge: z.string(),
  /** `workflow` (fixed model+harness) | `harness` (fixed model+workflow) | `pair` (any two). */
  kind: z.enum(['workflow', 'harness', 'pair']),
  model: z.string().nullable(),
  harness: z.string().nullable(),
  workflow: z.string().nullable(),
  /** Configuration ids: Δ = mean(to − from). */
  from: z.string(),
  to: z.string(),
  n: z.number().int(),
  delta: z.number(),
  ci: Ci,
  wins: z.number().int(),
  ties: z.number().int(),
  losses: z.number().int(),
  axes: AxisValues,
});
export type PairedEffect = z.infer<typeof PairedEffect>;

export const EloRow = z.object({
  configuration: z.string(),
  elo: z.number(),
  ci: Ci,
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  n: z.number().int(),
  provisional: z.boolean(),
});

export const Leaderboard = z.object({
  schemaVersion: z.literal(LEADERBOARD_SCHEMA_VERSION),
  /** Digest of every input file, so two boards can be compared without diffing. */
  inputsHash: z.string(),
  generator: z.object({ name: z.literal('figboard'), version: z.string() }),
  judges: z.array(z.object({ id: z.string(), family: z.string(), model: z.string(), runs: z.number().int(), primary: z.boolean() })),
  primaryJudge: z.string(),
  suites: z.array(z.object({ name: z.string(), version: z.string(), track: z.enum(['refig', 'style']), taskCount: z.number().int(), fields: z.record(z.string(), z.number().int()) })),
  submissions: z.array(
    z.object({
      id: z.string(),
      configuration: z.string(),
      track: z.enum(['refig', 'style']),
      team: z.string(),
      contact: z.string(),
      model: z.object({ name: z.string(), provider: z.string(), snapshot: z.string(), reasoningEffort: z.string().nullable() }),
      harness: z.object({ name: z.string(), version: z.string() }),
      workflow: z.object({ name: z.string(), kind: z.enum(['direct', 'specialized', 'other']), description: z.string() }),
      suite: z.object({ name: z.string(), version: z.string() }),
      attempts: z.number().int(),
      date: z.string(),
      license: z.string(),
      links: z.object({ report: z.string().optional(), code: z.string().optional() }),
      sample: z.boolean(),
    }),
  ),
  configurations: z.array(ConfigurationRow),
  pairedEffects: z.array(PairedEffect),
  harnessEffects: z.array(PairedEffect),
  elo: z.object({
    rows: z.array(EloRow),
    /** counts[i][j] = times configuration i beat j; ties[i][j] symmetric. Order = `order`. */
    order: z.array(z.string()),
    wins: z.array(z.array(z.number().int())),
    ties: z.array(z.array(z.number().int())),
    annotations: z.number().int(),
    tasks: z.number().int(),
  }),
  judgeReliability: z.object({
    icc: z.array(z.object({ judge: z.string(), configuration: z.string(), icc: z.number().nullable(), runs: z.number().int() })),
    families: z.array(z.object({ a: z.string(), b: z.string(), spearman: z.number().nullable(), kendall: z.number().nullable(), n: z.number().int() })),
  }),
  agreement: z.object({
    byMargin: z.array(
      z.object({
        judge: z.string(),
        mode: z.enum(['single-run', 'run-mean']),
        bucket: z.string(),
        n: z.number().int(),
        agree: z.number().nullable(),
      }),
    ),
    kappa: z.array(z.object({ judge: z.string(), mode: z.enum(['single-run', 'run-mean']), tieThreshold: z.number(), kappa: z.number().nullable(), n: z.number().int() })),
    vsElo: z.array(z.object({ judge: z.string(), pearson: z.number().nullable(), spearman: z.number().nullable(), n: z.number().int() })),
  }),
  sensitivity: z.object({
    judge: z.string(),
    variants: z.array(
      z.object({
        name: z.string(),
        weights: AxisValues,
        rho: z.number().nullable(),
        r: z.number().nullable(),
        means: z.record(z.string(), z.number()),
        effects: z.array(z.object({ from: z.string(), to: z.string(), delta: z.number() })),
      }),
    ),
    zeroCrossings: z.array(z.object({ from: z.string(), to: z.string(), editabilityWeight: z.number().nullable(), note: z.string() })),
  }),
  audit: z.array(
    z.object({
      configuration: z.string(),
      n: z.number().int(),
      imgPct: z.number(),
      fullPct: z.number(),
      capPct: z.number(),
      noConnPct: z.number(),
      medianTexts: z.number(),
      medianShapes: z.number(),
      medianConnectors: z.number(),
      structureBelow15Pct: z.number().nullable(),
      below50Pct: z.number().nullable(),
    }),
  ),
  effort: z.array(
    z.object({
      configuration: z.string(),
      n: z.number().int(),
      formats: z.record(z.string(), z.number().int()),
      medianTurns: z.number().nullable(),
      medianToolCalls: z.number().nullable(),
      medianOutputTokens: z.number().nullable(),
      medianTotalTokens: z.number().nullable(),
      medianDurationS: z.number().nullable(),
      costPerArtifact: z.number().nullable(),
      totalCost: z.number().nullable(),
      costEstimated: z.boolean(),
    }),
  ),
  style: z.array(
    z.object({
      configuration: z.string(),
      submission: z.string(),
      split: z.string(),
      n: z.number().int(),
      S: z.number(),
      code: z.number(),
      vision: z.number(),
      ci: Ci,
    }),
  ),
  /** Per-task results for the task and submission pages: task → configuration → scores. */
  tasks: z.array(
    z.object({
      id: z.string(),
      suite: z.string(),
      field: Field.nullable(),
      results: z.array(
        z.object({
          submission: z.string(),
          configuration: z.string(),
          final: z.number().nullable(),
          subscores: AxisNullable.nullable(),
          gate: z.object({ passed: z.boolean(), reason: z.string().nullable() }),
          cap: z.number(),
        }),
      ),
    }),
  ),
});
export type Leaderboard = z.infer<typeof Leaderboard>;
