import { join } from 'node:path';
import { UsageError } from '../../errors/index.ts';
import { formatStyleSummary } from '../../evaluate/format-evaluate-summary.ts';
import { RescoreLog } from '../../judging/rescore-log.ts';
import type { StyleJudgmentRun } from '../../leaderboard/leaderboard-inputs.ts';
import { RESULT_FILES } from '../../results/results-layout.ts';
import { writeSummary } from '../../results/write-summary.ts';
import { StyleJudgmentRecord } from '../../schemas/style-judgment-record.schema.ts';
import { StyleTask } from '../../schemas/style-task.schema.ts';
import {
  SUMMARY_SCHEMA_VERSION,
  StyleSummary,
  type StyleVisionJudgeSummary,
} from '../../schemas/summary.schema.ts';
import { scorersFor } from '../../scorers/record-scorers.ts';
import { type LoadedSuite, loadSuite } from '../../suite/load-suite.ts';
import type { EvaluateOutcome, Track, TrackRequest } from '../track.ts';
import { STYLE_AGENT_TASK } from './style-agent-task.ts';
import { STYLE_TASK_LOADER } from './check-style-task.ts';
import { selectStyleVisionJudges } from './select-style-vision-judges.ts';
import { STYLE_ARTIFACTS } from './style-artifacts.ts';
import { STYLE_SUITE } from './style-suite.ts';

/** The style track (FigMirror / PlotTwin-Bench): figure style transfer, a `figure.py` per task. */
export const STYLE_TRACK: Track = {
  id: 'style',
  taskSchema: StyleTask,
  recordFiles: [RESULT_FILES.style],
  summarySchema: StyleSummary,
  // A style entry's judgments are the LLM vision channel's: their own record schema.
  judgmentRecordSchema: StyleJudgmentRecord,
  formatSummary(summary) {
    if (summary.track !== 'style') throw new TypeError(`not a style summary: ${summary.track}`);
    return formatStyleSummary(summary);
  },
  taskLoader: STYLE_TASK_LOADER,
  loadTasks: loadStyleTasks,
  evaluate: evaluateStyle,
  agentTask: STYLE_AGENT_TASK,
  suite: STYLE_SUITE,
  artifacts: STYLE_ARTIFACTS,
  leaderboard: {
    rankedByConfiguration: false,
    checkedTruth: false,
    // Parsed by `StyleJudgmentRecord`; a style entry's `judgments` stay empty.
    placeJudgments: (runs) => ({ judgments: [], styleJudgments: runs as StyleJudgmentRun[] }),
  },
};

/** Style task folders as listed: the style pipeline loads each task (and its hashes) itself. */
function loadStyleTasks(suiteDir: string): Promise<LoadedSuite> {
  return loadSuite(suiteDir, { verifyHashes: false });
}

/**
 * The style steps: the deterministic pipeline (sandbox → code + vision channels, `style.jsonl`),
 * then the LLM vision judges × runs, then the summary.
 */
async function evaluateStyle(request: TrackRequest): Promise<EvaluateOutcome> {
  const { options, ports, manifest, submissionDir, resultsDir, suiteDir, versions } = request;
  const where = join(submissionDir, 'submission.yml');
  if (options.tasks !== undefined) {
    throw new UsageError('a task subset is scored for the refig track only', {
      code: 'style-task-subset',
      where,
      expected: 'track: refig',
      got: 'track: style',
      hint: 'score style submissions whole (the Action: shard-count 1)',
    });
  }
  if (!ports.evaluateStyle) {
    throw new UsageError('style-track submissions cannot be evaluated by this build', {
      code: 'style-track-unavailable',
      where,
      expected: 'track: refig',
      got: 'track: style',
      hint: 'the style pipeline (evaluator/src/style) is not wired into refig evaluate yet',
    });
  }
  const work = {
    audited: 0,
    reusedArtifacts: 0,
    judged: 0,
    reusedJudgments: 0,
    effortParsed: 0,
    rescored: 0,
  };
  const { unopened: styleUnopened, ...styleSummary } = await ports.evaluateStyle({
    submissionDir,
    manifest,
    suiteDir,
    workers: options.workers,
    progress: ports.progress(),
    scorers: versions,
    log: ports.log,
    // --out keeps an experiment away from the entry's committed results/style.jsonl.
    ...(options.resultsDir !== undefined ? { resultsDir } : {}),
    retryFailed: options.retryFailed ?? false,
    suiteKey: ports.suiteKey ?? null,
  });
  // The LLM vision channel: every configured LLM judge of the style track × its runs.
  const visionJudges = selectStyleVisionJudges(options, ports);
  let llmVision: StyleVisionJudgeSummary[] | null = null;
  if (visionJudges.length > 0) {
    if (!ports.judgeStyleVision) {
      throw new UsageError('LLM vision judges cannot run on style entries in this build', {
        code: 'style-vision-unavailable',
        where: '--judges',
        expected: 'a build whose ports include the style vision stage',
        got: visionJudges.map((j) => j.id).join(', '),
      });
    }
    const suite = await loadStyleTasks(suiteDir);
    const sealed = new Set(styleSummary.tasks.sealed);
    llmVision = await ports.judgeStyleVision({
      resultsDir,
      submissionDir,
      submission: manifest.id,
      taskDirs: suite.taskDirs,
      tasks: suite.taskDirs.map((t) => t.id).filter((t) => !sealed.has(t)),
      judges: visionJudges,
      scorers: scorersFor('style-llm', versions),
      retryFailed: options.retryFailed ?? false,
      sleep: ports.sleep,
      seed: ports.seed,
      log: ports.log,
      rescoring: new RescoreLog(),
    });
    for (const j of llmVision) {
      work.judged += j.judged;
      work.reusedJudgments += j.reused;
    }
  }
  const summary: StyleSummary = {
    ...styleSummary,
    // Only when a judge ran: without one the summary keeps its bytes.
    ...(llmVision ? { llmVision } : {}),
    schemaVersion: SUMMARY_SCHEMA_VERSION,
    submission: manifest.id,
    track: 'style',
  };
  await writeSummary(resultsDir, summary);
  return {
    summary,
    resultsDir,
    work,
    rescored: [],
    unopened: styleUnopened ?? [],
  };
}
