import type { Problem } from '../errors/problem.ts';
import type { Annotation } from '../schemas/annotation.schema.ts';
import type { ArtifactRecord } from '../schemas/audit-record.schema.ts';
import type { Field } from '../schemas/common.schema.ts';
import type { EffortRecord } from '../schemas/effort-record.schema.ts';
import type { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import type { StyleJudgmentRecord } from '../schemas/style-judgment-record.schema.ts';
import type { StyleRecord } from '../schemas/style-record.schema.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import type { SuiteManifest } from '../schemas/suite.schema.ts';

/** One judge's records of one run of one submission (`results/judgments/<judge>/run-<k>.jsonl`). */
export interface JudgmentRun {
  judge: string;
  run: number;
  records: JudgmentRecord[];
}

/** One LLM vision judge's records of one run of a style entry (`results/judgments/<judge>/run-<k>.jsonl`). */
export interface StyleJudgmentRun {
  judge: string;
  run: number;
  records: StyleJudgmentRecord[];
}

/** A submission whose manifest is valid, with every results record that could be read. */
export interface LoadedSubmission {
  id: string;
  manifest: SubmissionManifest;
  /** Who owns the folder (`ownerKey` of its OWNERSHIP.json entry; `unregistered` when no merge
   * recorded it). Absent only in inputs built by hand (tests, benchmarks): then trusted as is. */
  owner?: string;
  /** Owners for display (`@login`, `the maintainers`). */
  ownerNames?: string;
  /** Merge date from OWNERSHIP.json: the submission date the board orders by (null = not merged). */
  mergedAt?: string | null;
  /** Sort keys `YYYY-MM-DD#<merge number>` of the first and the latest merge (null = not merged):
   * the first decides who owns a configuration name, the latest which run wins per task. */
  firstMergeKey?: string | null;
  /** The maintainers reproduced the results of the latest merge (OWNERSHIP.json `verified`). */
  verified?: { date: string; by: string } | null;
  lastMergeKey?: string | null;
  judgments: JudgmentRun[];
  artifacts: ArtifactRecord[];
  effort: EffortRecord[];
  style: StyleRecord[];
  /** Style entries: the LLM vision judges' records (a style entry's `judgments/` hold these, never `judgments`). */
  styleJudgments?: StyleJudgmentRun[];
}

/** A suite: its manifest and, aligned with `manifest.tasks`, each task's field and style split. */
export interface LoadedSuiteInfo {
  manifest: SuiteManifest;
  fields: (Field | null)[];
  /** Style suites: each task's split (`hand-curated` | `augmented`), null when unknown. */
  splits: (string | null)[];
  /**
   * Tasks of the suite's hidden split (their scoring material is in `sealed.json`). An entry
   * without a record for one was not scored (no key): it is counted and left out of its means.
   */
  sealedTasks?: string[];
  /**
   * Aligned with `manifest.tasks`: the task has checked truth (task.json's `hasTruth`: a
   * truth.json, or truth sealed in sealed.json). The metric judge ranks only such tasks. Absent
   * in inputs built by hand (tests, benchmarks): then every task counts as verified. `null`
   * for a task whose task.json is missing: each record's own `reference` decides.
   */
  verified?: (boolean | null)[];
}

/** A valid annotation and where it came from (for error messages). */
export interface LocatedAnnotation {
  annotation: Annotation;
  /** Display path of the file, e.g. `annotations/round-1.jsonl`. */
  file: string;
  line: number;
}

/**
 * Everything `buildLeaderboard` reads, already parsed and validated. The loader fills it from
 * the repository; tests and the benchmark can build it directly. `files` is the (display path,
 * SHA-256) list the inputs hash is computed from.
 */
export interface LeaderboardInputs {
  submissions: LoadedSubmission[];
  suites: LoadedSuiteInfo[];
  annotations: LocatedAnnotation[];
  files: { path: string; sha256: string }[];
  problems: Problem[];
  /** Submission folders left out because their manifest could not be used. */
  excludedSubmissions?: string[];
}
