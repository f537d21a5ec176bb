import { join } from 'node:path';
import { effectiveCap } from '../../audit/flattening-cap.ts';
import { FigboardError } from '../../errors/index.ts';
import {
  gateFailedRecord,
  judgedRecord,
  missingRecord,
  type RecordContext,
} from '../../evaluate/build-judgment-record.ts';
import type { JudgeRunner } from '../../evaluate/judge-runner.ts';
import { isJudgeWideFailure } from '../../judge/llm/llm-judge.ts';
import { type JudgeCandidate, runJudgeRun } from '../../judging/judge-run.ts';
import { redactHiddenJudgment } from '../../records/redact-hidden-records.ts';
import { runFilePath } from '../../results/results-layout.ts';
import type { ArtifactRecord } from '../../schemas/audit-record.schema.ts';
import { JudgmentRecord } from '../../schemas/judgment-record.schema.ts';
import { type RecordScorers, scorersFor } from '../../scorers/record-scorers.ts';
import type { LoadedTask } from '../../suite/load-suite.ts';
import type { Progress } from '../../util/progress.ts';
import { hashInputs } from '../../util/hash-inputs.ts';
import type { EvaluateOptions } from '../track.ts';
import type { RefigRun } from './refig-run.ts';

export type JudgeStatus = Map<string, { status: 'ran' | 'stopped'; note: string | null }>;

/** Runs of a judge in this call: the metric judge is deterministic, so always one. */
export function runsOf(runner: JudgeRunner, options: EvaluateOptions): number {
  return runner.judge.kind === 'metric' ? 1 : (options.runs ?? runner.judge.runs);
}

/** Step 5: judges × runs; each record is appended as soon as it exists. */
export async function runRefigJudges(
  run: RefigRun,
  runners: readonly JudgeRunner[],
  tasks: readonly LoadedTask[],
  artifacts: ReadonlyMap<string, ArtifactRecord>,
): Promise<JudgeStatus> {
  const { options, ports, manifest, resultsDir, scoring, work, rescoring } = run;
  const judgeStatus: JudgeStatus = new Map();
  for (const runner of runners) {
    const runs = runsOf(runner, options);
    const judgeScorers = scorersFor(runner.judge.kind, run.versions);
    judgeStatus.set(runner.judge.id, { status: 'ran', note: null });
    for (let k = 1; k <= runs; k++) {
      const candidates: JudgeCandidate<{ task: LoadedTask; ctx: RecordContext }>[] = tasks.map(
        (task) => {
          const artifact = artifacts.get(task.id)!;
          const ctx: RecordContext = {
            task: task.id,
            submission: manifest.id,
            judge: runner.judge,
            run: k,
            rubric: scoring.rubric,
            scorers: judgeScorers,
            settings: runner.settings,
            ...(runner.judge.kind === 'metric'
              ? {
                  reference:
                    task.truth !== null && !options.noTruth ? 'checked-truth' : 'extracted-graph',
                }
              : {}),
            inputHash: judgmentHash(runner, task, artifact, k, judgeScorers, options),
          };
          return { task: task.id, inputHash: ctx.inputHash, item: { task, ctx } };
        },
      );
      let bar: Progress | null = null;
      const outcome = await runJudgeRun({
        file: join(resultsDir, runFilePath(runner.judge.id, k)),
        relativeFile: runFilePath(runner.judge.id, k),
        schema: JudgmentRecord,
        candidates,
        scorers: judgeScorers,
        retryFailed: options.retryFailed ?? false,
        rescoring,
        log: ports.log,
        // Missing and gate-failed tasks need no judge call.
        needsCall: ({ task }) => artifacts.get(task.id)!.audit?.gate.passed === true,
        make: async ({ item: { task, ctx } }) => {
          try {
            return {
              record: await judgeOne(runner, task, artifacts.get(task.id)!, ctx, resultsDir),
            };
          } catch (err) {
            if (!isJudgeWideFailure(err)) throw err;
            return { stop: err instanceof FigboardError ? err.describe() : String(err) };
          }
        },
        concurrency: runner.concurrency,
        onStart: (n) => {
          bar = ports.progress();
          bar.start(n, `${runner.judge.id} run ${k}`);
        },
        onRecord: (task) => bar?.tick(task),
        onEnd: () => bar?.stop(),
      });
      work.judged += outcome.judged;
      work.reusedJudgments += outcome.reused;
      if (outcome.stop !== null) {
        judgeStatus.set(runner.judge.id, { status: 'stopped', note: outcome.stop });
        ports.log(`judge ${runner.judge.id} stopped: ${outcome.stop}`);
        break;
      }
    }
  }
  return judgeStatus;
}

/** Content hash of everything that decides one judgment (never a time, never the API key). */
function judgmentHash(
  runner: JudgeRunner,
  task: LoadedTask,
  artifact: ArtifactRecord,
  run: number,
  scorers: RecordScorers,
  options: EvaluateOptions,
): string {
  const common = {
    record: 'judgment',
    scorers,
    judge: runner.identity,
    rubric: options.config.scoring.rubric,
    run,
  };
  if (artifact.status === 'missing' || artifact.audit === null)
    return hashInputs({ ...common, task: task.id, artifact: null });
  return hashInputs({
    ...common,
    artifact: artifact.inputHash,
    source: task.task.image.sha256,
    truth: options.noTruth ? null : task.truth,
  });
}

async function judgeOne(
  runner: JudgeRunner,
  task: LoadedTask,
  artifact: ArtifactRecord,
  ctx: RecordContext,
  resultsDir: string,
): Promise<JudgmentRecord> {
  const record = await judgeTask(runner, task, artifact, ctx, resultsDir);
  // A hidden task's record is published with scores and counts only (its details name the truth).
  return task.hidden ? redactHiddenJudgment(record) : record;
}

async function judgeTask(
  runner: JudgeRunner,
  task: LoadedTask,
  artifact: ArtifactRecord,
  ctx: RecordContext,
  resultsDir: string,
): Promise<JudgmentRecord> {
  if (artifact.status === 'missing' || artifact.audit === null) return missingRecord(ctx);
  const audit = artifact.audit;
  if (!audit.gate.passed) return gateFailedRecord(ctx, audit.gate, effectiveCap(audit));
  const renderPath = audit.render?.png ? join(resultsDir, audit.render.png) : null;
  const verdict = await runner.judgeTask(
    { taskId: task.id, imagePath: task.imagePath, truth: task.truth, audit, renderPath },
    ctx.run,
  );
  return judgedRecord(ctx, audit.gate, effectiveCap(audit), verdict);
}
