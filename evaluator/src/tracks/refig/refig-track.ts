import { mkdir } from 'node:fs/promises';
import { formatEvaluateSummary } from '../../evaluate/format-evaluate-summary.ts';
import { RescoreLog } from '../../judging/rescore-log.ts';
import type { JudgmentRun } from '../../leaderboard/leaderboard-inputs.ts';
import { RESULT_FILES } from '../../results/results-layout.ts';
import { RefigSummary } from '../../schemas/summary.schema.ts';
import { JudgmentRecord } from '../../schemas/judgment-record.schema.ts';
import { RefigTask } from '../../schemas/task.schema.ts';
import type { EvaluateOutcome, Track, TrackRequest } from '../track.ts';
import { REFIG_AGENT_TASK } from './refig-agent-task.ts';
import { REFIG_TASK_LOADER } from './load-refig-task.ts';
import { auditAndRender } from './audit-and-render.ts';
import { finishRefigResults } from './finish-refig-results.ts';
import { loadRefigSuite, loadRefigTasks, refigArtifactsDir } from './load-refig-suite.ts';
import { recordEffort } from './record-effort.ts';
import { REFIG_ARTIFACTS } from './refig-artifacts.ts';
import type { RefigRun } from './refig-run.ts';
import { REFIG_SUITE } from './refig-suite.ts';
import { runRefigJudges } from './run-refig-judges.ts';
import { selectRefigJudges } from './select-refig-judges.ts';
import { settleHiddenTasks } from './settle-hidden-tasks.ts';

/** The refig track (ReFigBench): figure → one editable PPTX slide, judged on its render. */
export const REFIG_TRACK: Track = {
  id: 'refig',
  taskSchema: RefigTask,
  recordFiles: [RESULT_FILES.artifacts, RESULT_FILES.effort],
  summarySchema: RefigSummary,
  judgmentRecordSchema: JudgmentRecord,
  formatSummary(summary) {
    if (summary.track !== 'refig') throw new TypeError(`not a refig summary: ${summary.track}`);
    return formatEvaluateSummary(summary);
  },
  taskLoader: REFIG_TASK_LOADER,
  loadTasks: loadRefigTasks,
  evaluate: evaluateRefig,
  agentTask: REFIG_AGENT_TASK,
  suite: REFIG_SUITE,
  artifacts: REFIG_ARTIFACTS,
  leaderboard: {
    rankedByConfiguration: true,
    checkedTruth: true,
    // Parsed by `JudgmentRecord` (judgmentRecordSchema above).
    placeJudgments: (runs) => ({ judgments: runs as JudgmentRun[] }),
  },
};

/**
 * The refig steps in order: suite (3) → hidden tasks (3b) → gate + audit + render (4) →
 * judges × runs (5) → effort (6) → canonical files and summary (7, 8). Steps 1 and 2 (manifest,
 * track) are the driver's.
 */
async function evaluateRefig(request: TrackRequest): Promise<EvaluateOutcome> {
  const { options, ports, manifest, submissionDir, resultsDir } = request;
  const run: RefigRun = {
    ...request,
    artifactsDir: refigArtifactsDir(options, manifest, submissionDir),
    scoring: options.config.scoring,
    work: {
      audited: 0,
      reusedArtifacts: 0,
      judged: 0,
      reusedJudgments: 0,
      effortParsed: 0,
      rescored: 0,
    },
    rescoring: new RescoreLog(),
  };
  const { suite, selected } = await loadRefigSuite(run);
  const runners = selectRefigJudges(options, ports);
  await mkdir(resultsDir, { recursive: true });
  const settled = await settleHiddenTasks(run, suite.manifest.name, selected);
  const artifacts = await auditAndRender(run, settled.tasks, settled.recordedArtifacts);
  const judgeStatus = await runRefigJudges(run, runners, settled.tasks, artifacts);
  await recordEffort(run, settled.tasks, artifacts);
  const summary = await finishRefigResults(
    run,
    suite.manifest,
    [...settled.tasks.map((t) => t.id), ...settled.kept],
    settled.notScored,
    runners,
    judgeStatus,
  );
  const rescored = run.rescoring.files();
  run.work.rescored = rescored.reduce((s, f) => s + f.records, 0);
  return { summary, resultsDir, work: run.work, rescored, unopened: settled.unopened };
}
