import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonl } from '@figboard/evaluator/records';
import { ArtifactRecord } from '@figboard/evaluator/schemas';
import type { JudgmentRecord, StyleJudgmentRecord } from '@figboard/evaluator/schemas';
import { StyleRecord } from '@figboard/evaluator/schemas';
import { Leaderboard } from '@figboard/evaluator/schemas';
import { BundleInsights, ResultsBundleManifest } from '@figboard/evaluator/schemas';
import { ValidationReport } from '@figboard/evaluator/schemas';
import type { z } from 'zod';
import { parseRunFile, RESULT_FILES, RESULTS_DIR } from '@figboard/evaluator/results';
import { BOT_TRACKS, type TrackId } from './tracks/index.ts';

export interface SubmissionResults {
  id: string;
  /**
   * The entry's track: from its validation report, else the provisional board, else `style`
   * when the results hold a `style.jsonl`. It decides which schema `judgments/` lines are read by.
   */
  track: TrackId;
  validation: ValidationReport | null;
  artifacts: ArtifactRecord[];
  /** Refig judge verdicts (`judgments/<judge>/run-<k>.jsonl` of a refig entry). */
  judgments: JudgmentRecord[];
  /** Style records (`style.jsonl`): S, S_code, S_vision per reference. */
  style: StyleRecord[];
  /** LLM vision judge verdicts on style candidates (`judgments/…` of a style entry). */
  styleJudgments: StyleJudgmentRecord[];
}

export interface ResultsBundle {
  /** The unpacked bundle's folder (previews are read from it). */
  dir: string;
  manifest: ResultsBundleManifest;
  submissions: SubmissionResults[];
  provisional: Leaderboard | null;
  current: Leaderboard | null;
  /** Likeness to existing entries, best/worst previews, judging cost; null in older bundles. */
  insights: BundleInsights | null;
  /** Files that were present but unreadable; shown in the comment, never fatal. */
  problems: string[];
}

/**
 * Lines a JSONL read could not use: the reader reports up to five schema issues per line (and a
 * cut last line as a warning, the line then counted too), so the count is of distinct lines.
 */
function unreadableLines(problems: readonly { file: string }[]): number {
  return new Set(problems.map((p) => p.file)).size;
}

const MAX_JSON_BYTES = 64 * 1024 * 1024;

async function readJson<S extends z.ZodType>(
  path: string,
  schema: S,
  problems: string[],
  label: string,
): Promise<z.infer<S> | null> {
  const st = await stat(path).catch(() => null);
  if (!st) return null;
  if (st.size > MAX_JSON_BYTES) {
    problems.push(`${label}: larger than ${MAX_JSON_BYTES} bytes, ignored`);
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    problems.push(`${label}: not valid JSON`);
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    problems.push(
      `${label}: does not match its schema (${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''})`,
    );
    return null;
  }
  return parsed.data;
}

/**
 * Reads an unpacked results bundle. The artifact comes out of CI, but a pull request can
 * influence what its own runs upload, so every file is read through its schema with a size cap
 * and a broken file is reported rather than trusted.
 */
export async function loadResultsBundle(dir: string): Promise<ResultsBundle> {
  const problems: string[] = [];
  const manifest = await readJson(
    join(dir, 'bundle.json'),
    ResultsBundleManifest,
    problems,
    'bundle.json',
  );
  if (!manifest)
    throw new Error(
      `results bundle in ${dir} has no valid bundle.json${problems.length ? `: ${problems.join('; ')}` : ''}`,
    );
  // the provisional board is read first: it names each entry's track when its report does not
  const provisional = await readJson(
    join(dir, 'leaderboard.json'),
    Leaderboard,
    problems,
    'leaderboard.json',
  );
  const submissions: SubmissionResults[] = [];
  for (const id of manifest.submissions) {
    const results = join(dir, 'submissions', id, RESULTS_DIR);
    const validation = await readJson(
      join(dir, 'validation', `${id}.json`),
      ValidationReport,
      problems,
      `validation/${id}.json`,
    );
    const artifacts = await readJsonl(join(results, RESULT_FILES.artifacts), ArtifactRecord);
    const style = await readJsonl(join(results, RESULT_FILES.style), StyleRecord);
    const track =
      validation?.track ??
      provisional?.submissions.find((s) => s.id === id)?.track ??
      ((await stat(join(results, RESULT_FILES.style)).catch(() => null)) ? 'style' : 'refig');
    const judgments: JudgmentRecord[] = [];
    const styleJudgments: StyleJudgmentRecord[] = [];
    const judgeDirs = await readdir(join(results, RESULT_FILES.judgments)).catch(
      () => [] as string[],
    );
    for (const judge of judgeDirs.sort()) {
      const runs = await readdir(join(results, RESULT_FILES.judgments, judge)).catch(
        () => [] as string[],
      );
      for (const run of runs.filter((f) => parseRunFile(f) !== null).sort()) {
        // A style entry's judges write `StyleJudgmentRecord`s, a refig entry's `JudgmentRecord`s:
        // a line of the other kind is as unreadable for this entry as a broken one.
        const bad = await BOT_TRACKS[track].readJudgmentRun(
          join(results, RESULT_FILES.judgments, judge, run),
          id,
          { judgments, styleJudgments },
        );
        if (bad)
          problems.push(
            `submissions/${id}/results/judgments/${judge}/${run}: ${bad} unreadable lines (not ${BOT_TRACKS[track].judgmentRecords})`,
          );
      }
    }
    if (unreadableLines(artifacts.problems))
      problems.push(
        `submissions/${id}/results/artifacts.jsonl: ${unreadableLines(artifacts.problems)} unreadable lines`,
      );
    if (unreadableLines(style.problems))
      problems.push(
        `submissions/${id}/results/style.jsonl: ${unreadableLines(style.problems)} unreadable lines`,
      );
    submissions.push({
      id,
      track,
      validation,
      artifacts: artifacts.records.filter((r) => r.submission === id),
      judgments,
      style: style.records.filter((r) => r.submission === id),
      styleJudgments,
    });
  }
  const current = await readJson(
    join(dir, 'leaderboard.main.json'),
    Leaderboard,
    problems,
    'leaderboard.main.json',
  );
  const insights = await readJson(
    join(dir, 'insights.json'),
    BundleInsights,
    problems,
    'insights.json',
  );
  return { dir, manifest, submissions, provisional, current, insights, problems };
}
