import { join, resolve } from 'node:path';
import { removeStaleTempFiles } from '../records/jsonl-file.ts';
import { lockResultsDir } from '../records/results-lock.ts';
import { RESULTS_DIR } from '../results/results-layout.ts';
import { SCORER_VERSIONS } from '../scorers/scorer-registry.ts';
import { defaultSuiteDir } from '../suite/default-suite-dir.ts';
import { trackFor } from '../tracks/registry.ts';
import type { EvaluateOptions, EvaluateOutcome } from '../tracks/track.ts';
import { loadSubmissionManifest } from '../validate/read-submission-manifest-file.ts';
import type { EvaluatePorts } from './evaluate-ports.ts';

// The options and outcome are the tracks' shared types; callers keep importing them from here.
export type { EvaluateOptions, EvaluateOutcome, RescoredFile } from '../tracks/track.ts';

/**
 * `refig evaluate`: every task of the suite through the steps of the submission's track (refig:
 * gate → audit → render → judges → effort; style: sandbox → code + vision channels → LLM vision
 * judges), with results under `<submission>/results/`. Resumable: every record carries an
 * `inputHash`; a record whose inputs are unchanged is reused, never recomputed (so a re-run
 * makes no API calls), and records are appended one by one so a killed run loses at most the one
 * in flight. At the end each JSONL file is canonicalised (one record per task, sorted) and
 * `summary.json` is rebuilt from the files — an interrupted-then-resumed run and an
 * uninterrupted run end byte-identical. Missing tasks score 0; one broken task never stops the
 * others.
 */
export async function evaluateSubmission(
  options: EvaluateOptions,
  ports: EvaluatePorts,
): Promise<EvaluateOutcome> {
  const submissionDir = resolve(options.submissionDir);
  const resultsDir = resolve(options.resultsDir ?? join(submissionDir, RESULTS_DIR));
  const release = await lockResultsDir(resultsDir);
  try {
    return await evaluateLocked(options, ports, submissionDir, resultsDir);
  } finally {
    await release();
  }
}

async function evaluateLocked(
  options: EvaluateOptions,
  ports: EvaluatePorts,
  submissionDir: string,
  resultsDir: string,
): Promise<EvaluateOutcome> {
  // 1. The manifest: every problem at once, or stop. Temp files a killed run left are removed.
  const manifest = options.manifest ?? (await loadSubmissionManifest(submissionDir));
  for (const stale of await removeStaleTempFiles(resultsDir))
    ports.log(`removed ${stale}, left by an interrupted run`);
  const suiteDir = resolve(
    options.suiteDir ?? defaultSuiteDir(submissionDir, manifest.suite.name, options.suitesRoot),
  );

  // 2. The track of the manifest, from the registry.
  const track = trackFor(manifest.track, join(submissionDir, 'submission.yml'));

  // 3. The track's own steps (refig: tracks/refig/refig-track.ts; style: tracks/style/style-track.ts).
  return track.evaluate({
    options,
    ports,
    manifest,
    submissionDir,
    resultsDir,
    suiteDir,
    versions: options.scorers ?? SCORER_VERSIONS,
  });
}
