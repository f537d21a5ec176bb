import type { z } from 'zod';
import type { LoadedConfig } from '../config/load-config.ts';
import type { Problem } from '../errors/problem.ts';
import type { EvaluatePorts } from '../evaluate/evaluate-ports.ts';
import type { LoadedSubmission } from '../leaderboard/leaderboard-inputs.ts';
import type { NotScoredTask } from '../schemas/not-scored.schema.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import type { Summary } from '../schemas/summary.schema.ts';
import type { SuiteManifest } from '../schemas/suite.schema.ts';
import type { RefigTask } from '../schemas/task.schema.ts';
import type { ScorerVersions } from '../scorers/scorer-registry.ts';
import type { LoadedSuite } from '../suite/load-suite.ts';
import type { ArtifactFileRule } from '../validate/submission-rules.ts';
import type { SealedBundle } from '../suite/sealed-bundle.ts';

// The types every track and the evaluate driver share. They live here, not in
// evaluate-submission.ts, so the track folders import no file that imports them back.

export type TrackId = SubmissionManifest['track'];

export interface EvaluateOptions {
  /** `submissions/<id>`. Results go to `<submissionDir>/results/`. */
  submissionDir: string;
  /** Suite folder; default `<suitesRoot>/<manifest.suite.name>`. */
  suiteDir?: string;
  /** Folder holding the suites (the repository's `suites/`); default `<submissionDir>/../../suites`. */
  suitesRoot?: string;
  /**
   * Score only these tasks of the suite (a CI shard; default: every task). Records of other
   * tasks already in the results folder are kept as they are, and the summary covers these
   * tasks. Refig track only; an id that is not a task of the suite is a usage error.
   */
  tasks?: readonly string[];
  /** The submission's manifest when the caller has read it already (it is read once per evaluate). */
  manifest?: SubmissionManifest;
  config: LoadedConfig;
  /** Judge ids to run (default: every runnable judge in the config). Unknown ids are a usage error. */
  judges?: readonly string[];
  /** Override the number of runs of LLM judges (the metric judge is deterministic: always 1). */
  runs?: number;
  /** Parallel renders and metric judgments. */
  workers: number;
  /** Score against the graph extracted from the source even when a task has truth.json. */
  noTruth?: boolean;
  /**
   * Where results go (default `<submissionDir>/results`). Required when `suiteDir` is another
   * suite than the one the submission answers, so an experiment never overwrites the committed
   * results of the submission's own suite.
   */
  resultsDir?: string;
  /**
   * Folder holding `<task-id>/output.pptx …` (default `<submissionDir>/artifacts`). For a
   * submission delivered as an archive, the `artifacts/` folder of the verified, unpacked
   * archive (see `refig validate`, which fetches and checks it).
   */
  artifactsDir?: string;
  /** Judge again the tasks whose last record is `failed` (default: a failed record is final). */
  retryFailed?: boolean;
  /**
   * Scorer versions records are made under (default: this build's `SCORER_VERSIONS`). Records
   * of other versions are re-scored and the outcome says so.
   */
  scorers?: ScorerVersions;
}

/** Records re-made because a scorer version differs from the one that made them. */
export interface RescoredFile {
  /** Results file, relative to the results folder (e.g. `judgments/metric/run-1.jsonl`). */
  file: string;
  records: number;
  /** Versions the old records carried (distinct, sorted), and the versions now. */
  from: string[];
  to: string;
}

/** Counters of what one evaluate call did. */
export interface EvaluateWork {
  /** Decks audited (and rendered when they passed) in this call / reused from artifacts.jsonl. */
  audited: number;
  reusedArtifacts: number;
  /** Judgments made in this call / reused from earlier runs (same inputHash). */
  judged: number;
  reusedJudgments: number;
  effortParsed: number;
  /** Records re-made because they were made by another scorer version. */
  rescored: number;
}

/** What one evaluate call did, besides writing the results. */
export interface EvaluateOutcome {
  summary: Summary;
  resultsDir: string;
  work: EvaluateWork;
  /** Per results file, the records re-made because of a scorer version change. */
  rescored: RescoredFile[];
  /**
   * Hidden tasks whose sealed material the given key could not open (a wrong key, a damaged
   * bundle), whether their recorded scores were kept or they were listed as not scored. Empty
   * when the key opened everything or no key was given (that is the public checkout's state).
   */
  unopened: NotScoredTask[];
}

/** What the driver hands a track once the manifest is read and the results folder locked. */
export interface TrackRequest {
  options: EvaluateOptions;
  ports: EvaluatePorts;
  manifest: SubmissionManifest;
  submissionDir: string;
  resultsDir: string;
  suiteDir: string;
  versions: ScorerVersions;
}

/** One listed task folder for `loadSuite` to load, and where its problems go. */
export interface SuiteTaskLoad {
  id: string;
  /** The task folder. */
  dir: string;
  manifest: SuiteManifest;
  verifyHashes: boolean;
  /** Also read each image's header (what `suite verify` does). */
  deep: boolean;
  /** The suite's sealed scoring material and the key that opens it. */
  sealed: { bundle: SealedBundle | null; broken: boolean; key: Buffer | null; path: string };
  problems: Problem[];
}

/**
 * How `loadSuite` loads one task folder of a track: the task goes to `into` (refig: `tasks`;
 * style: `styleTasks`) unless it has an error, and every problem to `load.problems`.
 */
export interface TrackTaskLoader {
  loadTask(load: SuiteTaskLoad, into: Pick<LoadedSuite, 'tasks' | 'styleTasks'>): Promise<void>;
}

/** What `refig suite stats` prints for a suite of a track. */
export interface TrackSuiteStats {
  /** The statistics for `--json` (the command adds the suite's name and version). */
  json: Record<string, unknown>;
  /** The tables printed without `--json`. */
  text: string;
  /** Tasks the statistics cover (the ones that loaded). */
  covered: number;
}

/** What the suite tooling (`refig suite stats|verify|seal|build-stats`) asks of a track. */
export interface TrackSuite {
  /** The computed statistics of `suite.json` for these tasks (`buildSuiteManifest`). */
  manifestStats(tasks: readonly RefigTask[]): Pick<SuiteManifest, 'imageStats' | 'fieldStats'>;
  /** `refig suite stats` of a suite whose manifest loaded. */
  stats(suite: LoadedSuite, manifest: SuiteManifest): TrackSuiteStats;
  /**
   * The track's own checks of `refig suite verify`, after the generic ones: each problem is
   * pushed on `suite.problems` and an error clears `suite.ok`.
   */
  verify(suite: LoadedSuite, manifest: SuiteManifest, dir: string): void;
  /** How many tasks `suite verify` reports intact (`?` when it cannot say). */
  intactTasks(suite: LoadedSuite, errors: number): string;
  /** The end of `suite verify`'s `ok` line: what was checked of every task. */
  verifiedText(suite: LoadedSuite): string;
  /**
   * A task's raw `task.json` once its truth is sealed (`refig suite seal`): updated in place to
   * say so; true when it changed and must be written back.
   */
  markTruthSealed(task: Record<string, unknown>): boolean;
}

/** What `refig validate` checks of the task folders under `artifacts/` for a track. */
export interface TrackArtifacts {
  /** The file that answers a task (a task with it counts as answered). */
  output: string;
  /** How a missing answer is named in messages ("no deck"). */
  outputNoun: string;
  /** Warnings about one task's answer file before anything is rendered (path to read, display path). */
  checkOutput(path: string, where: string): Promise<Problem[]>;
  /** Completeness problems of one task folder, from the names of the files it holds. */
  checkTaskFolder(has: ReadonlySet<string>, folder: string): Problem[];
}

/** One judge's run as the leaderboard loader read it, records parsed by `judgmentRecordSchema`. */
export interface LoadedJudgeRun {
  judge: string;
  run: number;
  records: { judge: string; run: number; submission: string; task: string }[];
}

/** What the leaderboard asks of a track. */
export interface TrackLeaderboard {
  /**
   * Entries are ranked as configurations (attempts grouped, refig pairwise annotations name
   * them); otherwise each entry is a style player of its suite.
   */
  rankedByConfiguration: boolean;
  /** Tasks may rest on checked truth: the loader records per task whether it has it (`verified`). */
  checkedTruth: boolean;
  /** Where an entry's judge runs go in its `LoadedSubmission`. */
  placeJudgments(runs: LoadedJudgeRun[]): Pick<LoadedSubmission, 'judgments' | 'styleJudgments'>;
}

/**
 * One benchmark track as a plugin: what its tasks and records look like, how its tasks load and
 * how a submission of it is evaluated. The evaluate driver looks the track up in `TRACKS` by
 * the manifest's `track` and runs it; nothing outside the track folders branches on the id.
 */
export interface Track {
  id: TrackId;
  /** Schema of one task's `task.json` in a suite of this track. */
  taskSchema: z.ZodType;
  /** Per-task JSONL record files the track writes, relative to the results folder (judge run files aside). */
  recordFiles: readonly string[];
  /** Schema of the track's `results/summary.json`. */
  summarySchema: z.ZodType;
  /** Schema of one record of `results/judgments/<judge>/run-<k>.jsonl` for this track. */
  judgmentRecordSchema: z.ZodType<{ judge: string; run: number; submission: string; task: string }>;
  /** What `refig evaluate` prints of a summary of this track. */
  formatSummary(summary: Summary): string;
  suite: TrackSuite;
  artifacts: TrackArtifacts;
  leaderboard: TrackLeaderboard;
  /**
   * How `loadSuite` loads one task folder of this track. The suite loader reads it from
   * `TASK_LOADERS` (tracks/task-loaders.ts), the same objects: the tracks' steps load suites, so
   * the loader cannot import the registry without an import cycle.
   */
  taskLoader: TrackTaskLoader;
  /** The suite's tasks as this track loads them (key, hash checks). */
  loadTasks(suiteDir: string, suiteKey: Buffer | null): Promise<LoadedSuite>;
  /** Every step of the track's evaluation; writes the results and the summary. */
  evaluate(request: TrackRequest): Promise<EvaluateOutcome>;
  /** What an agent of this track gets and must write per task (read by `refig run`). */
  agentTask: AgentTask;
}

/** One file the reference runner puts into an agent's task folder. */
export interface AgentInput {
  /** Name in the task folder. */
  name: string;
  /** Where it is copied from (a file of the suite's task folder). */
  from: string;
}

/** One task as the reference runner runs it: its id and the only files the agent gets. */
export interface AgentTaskInputs {
  id: string;
  inputs: AgentInput[];
  /** The input the instruction's and the command's `{input}` name (one of `inputs`). */
  primaryInput: string;
}

/**
 * The contract of one agent run of a track's task, as data and two functions: the reference
 * runner (`refig run`, evaluator/src/run/) reads only this, so it never branches on the track.
 * The agent runs in a fresh task folder holding exactly `inputs` (+ the instruction in
 * `prompt.txt` and `scaffold`), writes into `outDir` and the runner collects `outputs` from it.
 */
export interface AgentTask {
  /** The named instructions (`--workflow`), templates with `{input}` and `{out}` placeholders. */
  instructions: Readonly<Record<string, string>>;
  /** The instruction used without `--workflow` / `--prompt-file`. */
  defaultInstruction: string;
  /** The suite's tasks the runner can run (a task that did not load is left out, as evaluate does). */
  tasks(suite: LoadedSuite): AgentTaskInputs[];
  /** The output folder, relative to the task folder: `out` (refig) or `.` (the task folder itself). */
  outDir: string;
  /** Files the runner writes into the task folder besides the inputs and `prompt.txt` (name → text). */
  scaffold: Readonly<Record<string, string>>;
  /** What the runner copies from the output folder into `artifacts/<task>/` (the track's file rules). */
  outputs: readonly ArtifactFileRule[];
  /** The output without which the task failed (`output.pptx`, `figure.py`): then an error.log is written. */
  primary: string;
  /** What the run summary calls a task without `primary` (`no deck`, `no figure`). */
  missingLabel: string;
  /** Pairs of outputs of which only the first is kept when both are written (one code file per task). */
  exclusive: readonly (readonly [keep: string, drop: string])[];
  /** The output the agent's standard output is kept as when it writes none itself, or null (not kept). */
  stdoutAs: string | null;
}
