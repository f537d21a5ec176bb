import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '@figboard/evaluator/errors';
import { readJsonl } from '@figboard/evaluator/records';
import {
  ArtifactRecord,
  EffortRecord,
  JudgmentRecord,
  StyleJudgmentRecord,
  StyleRecord,
} from '@figboard/evaluator/schemas';
import { RESULTS_DIR, RESULT_FILES, runFileName } from '@figboard/evaluator/results';
import { SITE_TRACKS, type SiteTrackId } from '../tracks/index.ts';
import { compactAudit, type CompactAudit } from './compact-audit.ts';

/** What a judge said about one artifact, as the task page shows it beside the rendering. */
export interface JudgeEvidence {
  judge: string;
  /** One line: how the score came about (the metric judge lists each axis's measurement). */
  reason: string;
  /** What the judge counted against the artifact. */
  errors: { major: string[]; minor: string[] };
  /** How editable the slide is, in a sentence. */
  editability: string;
  /**
   * What the metric judge's findings are measured against: checked truth, or the graph extracted
   * from the raster (unverified: a finding may be the extractor's mistake, not the agent's).
   * Null for LLM judges, which look at both images.
   */
  reference: 'checked-truth' | 'extracted-graph' | null;
}

/** Per-task records of one submission that the task and submission pages show. */
export interface SubmissionRecords {
  audits: Map<string, CompactAudit | null>;
  effort: Map<string, EffortRecord>;
  /** The primary judge's run-1 verdicts, by task. */
  evidence: Map<string, JudgeEvidence>;
  style: Map<string, StyleRecord>;
  /**
   * Style entries: run 1 of each LLM vision judge, by task then judge id (sorted): the defects
   * the task page draws on both images, with the cited figure.py lines.
   */
  styleJudgments: Map<string, StyleJudgmentRecord[]>;
  /** Files listed in SHA256SUMS, by task (`output.pptx`, `output.py`…): what the links can name. */
  files: Map<string, string[]>;
  problems: Problem[];
}

/** Judge text can quote slide text (untrusted): bounded, and always rendered as text. */
const cap = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Reads `submissions/<id>/results/artifacts.jsonl`, `effort.jsonl`, `style.jsonl`, the primary
 * judge's `judgments/<judge>/run-1.jsonl` and the submission's `SHA256SUMS` with the shared
 * readers. Missing files are simply empty (a submission may not be evaluated yet); bad lines are
 * reported as problems and skipped, so one broken record never hides the others.
 */
export async function readSubmissionRecords(
  dataDir: string,
  submission: string,
  primaryJudge: string,
  track: SiteTrackId = 'refig',
): Promise<SubmissionRecords> {
  const vision = SITE_TRACKS[track].judgments === 'vision-judges';
  const root = join(dataDir, 'submissions', submission);
  const dir = join(root, RESULTS_DIR);
  const judgeDir = join(dir, RESULT_FILES.judgments, primaryJudge.replace(/[^A-Za-z0-9._-]/g, '_'));
  const none = { records: [], problems: [] };
  const [artifacts, effort, judgments, style, sums] = await Promise.all([
    readJsonl(join(dir, RESULT_FILES.artifacts), ArtifactRecord),
    readJsonl(join(dir, RESULT_FILES.effort), EffortRecord),
    // a style entry's judgments/ hold the LLM vision channel's records (their own schema)
    vision ? none : readJsonl(join(judgeDir, runFileName(1)), JudgmentRecord),
    readJsonl(join(dir, RESULT_FILES.style), StyleRecord),
    readFile(join(root, 'SHA256SUMS'), 'utf8').catch(() => ''),
  ]);
  const styleJudgments = new Map<string, StyleJudgmentRecord[]>();
  const styleJudgmentProblems: Problem[] = [];
  if (vision) {
    const judges = (
      await readdir(join(dir, RESULT_FILES.judgments), { withFileTypes: true }).catch(() => [])
    )
      .filter((e) => e.isDirectory() && /^[A-Za-z0-9._-]+$/.test(e.name))
      .map((e) => e.name)
      .sort();
    for (const judge of judges) {
      const run = await readJsonl(
        join(dir, RESULT_FILES.judgments, judge, runFileName(1)),
        StyleJudgmentRecord,
      );
      styleJudgmentProblems.push(...run.problems);
      // later lines win, as for every append-only file
      const last = new Map(run.records.map((r) => [r.task, { ...r, judge }]));
      for (const [task, rec] of last)
        styleJudgments.set(task, [...(styleJudgments.get(task) ?? []), rec]);
    }
  }
  const audits = new Map<string, CompactAudit | null>();
  // later lines win: the JSONL files are append-only, so the last record of a task is current
  for (const rec of artifacts.records) audits.set(rec.task, compactAudit(rec.audit));
  const effortByTask = new Map<string, EffortRecord>();
  for (const rec of effort.records) effortByTask.set(rec.task, rec);
  const evidence = new Map<string, JudgeEvidence>();
  for (const rec of judgments.records)
    evidence.set(rec.task, {
      judge: rec.judge,
      reason: cap(rec.reason, 600),
      errors: {
        major: rec.errors.major.slice(0, 8).map((e) => cap(e, 240)),
        minor: rec.errors.minor.slice(0, 8).map((e) => cap(e, 240)),
      },
      editability: cap(rec.editability, 400),
      reference: rec.reference ?? null,
    });
  const styleByTask = new Map<string, StyleRecord>();
  for (const rec of style.records) styleByTask.set(rec.task, rec);
  const files = new Map<string, string[]>();
  for (const line of sums.split('\n')) {
    const m = /^[0-9a-fA-F]{64} [ *](?:\.\/)?artifacts\/([A-Za-z0-9._-]+)\/([A-Za-z0-9._-]+)$/.exec(
      line.replace(/\r$/, ''),
    );
    if (m) files.set(m[1]!, [...(files.get(m[1]!) ?? []), m[2]!].sort());
  }
  return {
    audits,
    effort: effortByTask,
    evidence,
    style: styleByTask,
    styleJudgments,
    files,
    problems: [
      ...artifacts.problems,
      ...effort.problems,
      ...judgments.problems,
      ...style.problems,
      ...styleJudgmentProblems,
    ],
  };
}
