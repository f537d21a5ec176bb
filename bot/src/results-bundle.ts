import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonl } from '@figboard/evaluator/records';
import { ArtifactRecord } from '@figboard/evaluator/schemas';
import { JudgmentRecord } from '@figboard/evaluator/schemas';
import { Leaderboard } from '@figboard/evaluator/schemas';
import { BundleInsights, ResultsBundleManifest } from '@figboard/evaluator/schemas';
import { ValidationReport } from '@figboard/evaluator/schemas';
import type { z } from 'zod';

export interface SubmissionResults {
  id: string;
  validation: ValidationReport | null;
  artifacts: ArtifactRecord[];
  judgments: JudgmentRecord[];
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
  const submissions: SubmissionResults[] = [];
  for (const id of manifest.submissions) {
    const results = join(dir, 'submissions', id, 'results');
    const validation = await readJson(
      join(dir, 'validation', `${id}.json`),
      ValidationReport,
      problems,
      `validation/${id}.json`,
    );
    const artifacts = await readJsonl(join(results, 'artifacts.jsonl'), ArtifactRecord);
    const judgments: JudgmentRecord[] = [];
    const judgeDirs = await readdir(join(results, 'judgments')).catch(() => [] as string[]);
    for (const judge of judgeDirs.sort()) {
      const runs = await readdir(join(results, 'judgments', judge)).catch(() => [] as string[]);
      for (const run of runs.filter((f) => /^run-\d+\.jsonl$/.test(f)).sort()) {
        const read = await readJsonl(join(results, 'judgments', judge, run), JudgmentRecord);
        judgments.push(...read.records.filter((r) => r.submission === id));
        if (read.problems.length)
          problems.push(
            `submissions/${id}/results/judgments/${judge}/${run}: ${read.problems.length} unreadable lines`,
          );
      }
    }
    if (artifacts.problems.length)
      problems.push(
        `submissions/${id}/results/artifacts.jsonl: ${artifacts.problems.length} unreadable lines`,
      );
    submissions.push({
      id,
      validation,
      artifacts: artifacts.records.filter((r) => r.submission === id),
      judgments,
    });
  }
  const provisional = await readJson(
    join(dir, 'leaderboard.json'),
    Leaderboard,
    problems,
    'leaderboard.json',
  );
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
