import { join } from 'node:path';
import type { JudgeRunner } from '../../evaluate/judge-runner.ts';
import { summarizeResults } from '../../evaluate/summarize-results.ts';
import { canonicalizeJsonl } from '../../records/jsonl-file.ts';
import { RESULT_FILES, runFilePath } from '../../results/results-layout.ts';
import { writeSummary } from '../../results/write-summary.ts';
import { ArtifactRecord } from '../../schemas/audit-record.schema.ts';
import { EffortRecord } from '../../schemas/effort-record.schema.ts';
import { JudgmentRecord } from '../../schemas/judgment-record.schema.ts';
import type { NotScoredTask } from '../../schemas/not-scored.schema.ts';
import type { RefigSummary } from '../../schemas/summary.schema.ts';
import type { SuiteManifest } from '../../schemas/suite.schema.ts';
import { compareCodeUnits } from '../../util/compare-code-units.ts';
import type { RefigRun } from './refig-run.ts';
import { type JudgeStatus, runsOf } from './run-refig-judges.ts';

/**
 * Steps 7 and 8: canonical files (one record per task, sorted — resumed and uninterrupted runs
 * give the same bytes), then the summary, rebuilt from the files.
 */
export async function finishRefigResults(
  run: RefigRun,
  suite: SuiteManifest,
  taskIds: readonly string[],
  notScored: NotScoredTask[],
  runners: readonly JudgeRunner[],
  judgeStatus: JudgeStatus,
): Promise<RefigSummary> {
  const { resultsDir, options } = run;
  await canonicalizeJsonl(join(resultsDir, RESULT_FILES.artifacts), ArtifactRecord, (r) => r.task);
  await canonicalizeJsonl(join(resultsDir, RESULT_FILES.effort), EffortRecord, (r) => r.task);
  for (const runner of runners)
    for (let k = 1; k <= runsOf(runner, options); k++)
      await canonicalizeJsonl(
        join(resultsDir, runFilePath(runner.judge.id, k)),
        JudgmentRecord,
        (r) => r.task,
      );
  const summary = await summarizeResults({
    resultsDir,
    manifest: run.manifest,
    suite: { name: suite.name, version: suite.version },
    tasks: [...taskIds].sort(compareCodeUnits),
    notScored,
    config: options.config,
    runners: runners.map((r) => ({
      judge: r.judge,
      runs: runsOf(r, options),
      ...judgeStatus.get(r.judge.id)!,
    })),
  });
  await writeSummary(resultsDir, summary);
  return summary;
}
