import type { Progress } from '../util/progress.ts';
import type { Renderer } from '../render/renderer.ts';
import type { ScorerVersions } from '../scorers/scorer-registry.ts';
import type { AuditRecord } from '../schemas/audit-record.schema.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import type { NotScoredTask } from '../schemas/not-scored.schema.ts';
import type { StyleSummary, StyleVisionJudgeSummary } from '../schemas/summary.schema.ts';
import type { JudgeStyleVisionOptions } from '../style/judge-style-vision.ts';
import type { RunnerDeps } from './judge-runner.ts';

/** Flattening-cap settings handed to the audit (the audit's `CapConfig`). */
export interface CapSettings {
  coverageThreshold: number;
  maxNativeObjects: number;
  cappedScore: number;
}

/** The audit port: gate (reader part) + audit of one deck, with the object tree. Never throws for a bad deck. */
export type AuditDeck = (
  path: string,
  options: { name: string; cap: CapSettings },
) => Promise<AuditRecord>;

/**
 * What the style pipeline returns: the style summary before the LLM vision judges, plus the hidden
 * tasks the key could not open (for the exit status; never written).
 */
export type StylePipelineSummary = Omit<StyleSummary, 'schemaVersion' | 'llmVision'> & {
  unopened?: NotScoredTask[];
};

/** What the style track's pipeline receives (the style engineer's `evaluateStyleSubmission`). */
export interface StyleEvaluationRequest {
  submissionDir: string;
  manifest: SubmissionManifest;
  suiteDir: string;
  workers: number;
  progress: Progress;
  /** Scorer versions the records are made under. */
  scorers: ScorerVersions;
  /** One human-readable line (re-scored records, warnings). */
  log: (line: string) => void;
  /** Where `style.jsonl` goes when `--out` was given (else `<submission>/results`). */
  resultsDir?: string;
  /** Score again the tasks whose record is `failed` (e.g. a timeout on a busy machine). */
  retryFailed: boolean;
  /** The suite key that opens `sealed.json` (null: hidden tasks are not scored, and listed). */
  suiteKey: Buffer | null;
}

/**
 * Every side effect the evaluate pipeline uses. The CLI builds the production set (auditFile,
 * LibreOffice, tesseract, the openai client, real timers); tests may pass their own.
 */
export interface EvaluatePorts extends RunnerDeps {
  auditDeck: AuditDeck;
  renderer: Renderer;
  /** A fresh progress reporter per phase. */
  progress: () => Progress;
  /** One human-readable line (warnings, skipped judges); the CLI writes them to stderr. */
  log: (line: string) => void;
  /**
   * The suite key (32 bytes) that opens a suite's sealed scoring material (`sealed.json`), or
   * null: tasks of a hidden split are then listed as not scored (never 0). A secret of the
   * trusted job; the production ports read it from `FIGBOARD_SUITE_KEY`.
   */
  suiteKey?: Buffer | null;
  /** Style-track pipeline; absent → style submissions are refused with a clear error. */
  evaluateStyle?: (request: StyleEvaluationRequest) => Promise<StylePipelineSummary>;
  /**
   * The style track's LLM vision channel (`runStyleVisionJudges` with the sandbox the candidate
   * is drawn again in); absent → configured vision judges are refused with a clear error.
   */
  judgeStyleVision?: (
    request: Omit<JudgeStyleVisionOptions, 'sandbox'>,
  ) => Promise<StyleVisionJudgeSummary[]>;
}
