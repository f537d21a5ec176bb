import { join } from 'node:path';
import { dropJsonlRecords } from '../../records/drop-jsonl-records.ts';
import { readJsonl, repairJsonlTail } from '../../records/jsonl-file.ts';
import { listJudgmentRuns } from '../../results/list-judgment-runs.ts';
import { RESULT_FILES, runFileName } from '../../results/results-layout.ts';
import { ArtifactRecord } from '../../schemas/audit-record.schema.ts';
import { EffortRecord } from '../../schemas/effort-record.schema.ts';
import { JudgmentRecord } from '../../schemas/judgment-record.schema.ts';
import type { NotScoredTask } from '../../schemas/not-scored.schema.ts';
import { scorersFor } from '../../scorers/record-scorers.ts';
import type { LoadedTask } from '../../suite/load-suite.ts';
import { notScoredLines } from '../../suite/sealed-access.ts';
import { artifactInputHash } from './artifact-input-hash.ts';
import { latestByTask, type RefigRun } from './refig-run.ts';

export interface SettledTasks {
  /** Tasks scored by this run. */
  tasks: LoadedTask[];
  /** Hidden tasks listed as not scored (their records removed). */
  notScored: NotScoredTask[];
  /** Hidden tasks whose recorded scores are kept unchanged. */
  kept: string[];
  /** Hidden tasks the given key could not open. */
  unopened: NotScoredTask[];
  /** The artifact records on disk before this run, latest per task. */
  recordedArtifacts: Map<string, ArtifactRecord>;
}

/**
 * Step 3b: hidden tasks whose truth could not be opened (no key, wrong key, damaged bundle) are
 * not scored. Their records from a run that had the key are kept while the deck is unchanged (a
 * public checkout re-runs to the same bytes); otherwise they are removed and the task listed.
 */
export async function settleHiddenTasks(
  run: RefigRun,
  suiteName: string,
  selected: readonly LoadedTask[],
): Promise<SettledTasks> {
  const { resultsDir, ports } = run;
  const artifactsFile = join(resultsDir, RESULT_FILES.artifacts);
  await repairJsonlTail(artifactsFile);
  const recordedArtifacts = latestByTask((await readJsonl(artifactsFile, ArtifactRecord)).records);
  const notScored: NotScoredTask[] = [];
  const kept: string[] = [];
  const unopened: NotScoredTask[] = [];
  for (const task of selected) {
    if (!task.notScored) continue;
    if (task.notScored !== 'suite-key-missing')
      unopened.push({ task: task.id, code: task.notScored });
    const prev = recordedArtifacts.get(task.id);
    const hash = await artifactInputHash(
      join(run.artifactsDir, task.id, 'output.pptx'),
      scorersFor('artifact', run.versions),
      run.scoring,
    );
    if (prev && prev.inputHash === hash) kept.push(task.id);
    else notScored.push({ task: task.id, code: task.notScored });
  }
  if (notScored.length > 0) {
    const gone = new Set(notScored.map((n) => n.task));
    await dropJsonlRecords(artifactsFile, ArtifactRecord, (r) => gone.has(r.task));
    await dropJsonlRecords(join(resultsDir, RESULT_FILES.effort), EffortRecord, (r) =>
      gone.has(r.task),
    );
    for (const [judge, runs] of await listJudgmentRuns(resultsDir))
      for (const k of runs)
        await dropJsonlRecords(
          join(resultsDir, RESULT_FILES.judgments, judge, runFileName(k)),
          JudgmentRecord,
          (r) => gone.has(r.task),
        );
    for (const line of notScoredLines(suiteName, notScored)) ports.log(line);
  }
  if (kept.length > 0)
    ports.log(
      `kept the recorded scores of ${kept.length} hidden task(s) of ${suiteName} without re-scoring them (their truth is sealed and this run cannot open it; the decks are unchanged): ${kept.join(', ')}`,
    );
  const tasks = selected.filter((t) => !t.notScored);
  return { tasks, notScored, kept, unopened, recordedArtifacts };
}
