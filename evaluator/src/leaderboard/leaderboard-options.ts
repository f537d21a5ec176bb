import type { JudgeSettings } from '../schemas/judgment-record.schema.ts';
import { DEFAULT_RUBRIC, type RubricWeights } from '../judge/rubric.ts';
import type { ScorerVersions } from '../scorers/scorer-registry.ts';

/** Progress reporting (the CLI passes its progress bar; structurally the CLI's `Progress`). */
export interface BuildProgress {
  start(total: number, label: string): void;
  tick(detail?: string): void;
  stop(): void;
}

/** A judge as configured in `figboard.yml` (metadata the records may not carry). */
export interface JudgeInfo {
  id: string;
  family?: string;
  model?: string;
  runs?: number;
  /** Settings its ranked verdicts must carry (LLM judges of figboard.yml). */
  settings?: JudgeSettings;
}

/** Settings of `buildLeaderboard`; defaults are ReFigBench's protocol (Appendix D). */
export interface LeaderboardOptions {
  /** Judge whose scoring run ranks the board, drives sensitivity, audit S<15 and task pages. */
  primaryJudge: string;
  /** Configured judges; merged with the judges found in the records. */
  judges?: JudgeInfo[];
  /** Bootstrap resamples over tasks (5,000) and their seed (7). */
  bootstrapResamples?: number;
  bootstrapSeed?: number;
  /** Cluster-bootstrap Bradley–Terry fits (2,000) and their seed (20260720). */
  eloResamples?: number;
  eloSeed?: number;
  /** Cluster-bootstrap resamples over source tasks for judge–human agreement (5,000) and their seed (20260721). */
  agreementResamples?: number;
  agreementSeed?: number;
  /** Configurations in fewer annotations than this are marked provisional. */
  provisionalBelow?: number;
  /** Ridge prior used when the comparison graph has no finite MLE. */
  eloRidge?: number;
  /** W/T/L tie margin in score points (0 = exact equality). */
  tieMargin?: number;
  /** Judge tie thresholds for Cohen's κ (ReFigBench: 0, 2, 5). */
  kappaThresholds?: number[];
  /**
   * The rubric maxima the ranked judgments were scored under (figboard.yml `scoring.rubric`;
   * default `DEFAULT_RUBRIC`): the sensitivity analysis normalises axes by them and builds its
   * weight variants from them; judgments scored under other maxima are not ranked.
   */
  rubric?: RubricWeights;
  /**
   * Harness effects are reported as (earlier in this list) − (later), matched ignoring case and
   * punctuation on `harness.name`; ReFigBench reports Claude Code − Codex. A listed harness comes before an
   * unlisted one; two unlisted harnesses: Δ = (later name) − (earlier name) in code-unit order.
   */
  harnessOrder?: string[];
  /** Comparison-graph coverage counts the configuration pairs with at least this many annotations (ReFigBench Appendix J: 20). */
  pairCoverageThreshold?: number;
  /** Version string written to `generator.version`. */
  generatorVersion: string;
  /**
   * Scorer versions the board ranks (default: this build's `SCORER_VERSIONS`); entries whose
   * records carry other versions are listed in `rescoring`, not ranked.
   */
  scorers?: ScorerVersions;
  progress?: BuildProgress;
}

export type ResolvedOptions = Required<
  Omit<LeaderboardOptions, 'judges' | 'progress' | 'scorers'>
> &
  Pick<LeaderboardOptions, 'judges' | 'progress' | 'scorers'>;

/** Fills defaults. */
export function resolveOptions(o: LeaderboardOptions): ResolvedOptions {
  return {
    bootstrapResamples: 5000,
    bootstrapSeed: 7,
    eloResamples: 2000,
    eloSeed: 20260720,
    agreementResamples: 5000,
    agreementSeed: 20260721,
    provisionalBelow: 30,
    eloRidge: 0.1,
    tieMargin: 0,
    kappaThresholds: [0, 2, 5],
    rubric: DEFAULT_RUBRIC,
    harnessOrder: ['Claude Code', 'Codex'],
    pairCoverageThreshold: 20,
    ...Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)),
  } as ResolvedOptions;
}
