import { effectiveCap } from '../audit/flattening-cap.ts';
import { lstat, mkdir, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { applyRenderGate } from '../audit/apply-render-gate.ts';
import type { LoadedConfig, ResolvedJudge } from '../config/load-config.ts';
import { priceFor } from '../effort/price-table.ts';
import { parseAgentLog } from '../effort/parse-agent-log.ts';
import { environmentErrorFrom } from '../errors/environment-error.ts';
import { FigboardError, UsageError } from '../errors/index.ts';
import { formatProblem } from '../errors/problem.ts';
import { isJudgeWideFailure } from '../judge/llm/llm-judge.ts';
import {
  canonicalizeJsonl,
  readJsonl,
  removeStaleTempFiles,
  repairJsonlTail,
  appendJsonl,
} from '../records/jsonl-file.ts';
import { dropJsonlRecords } from '../records/drop-jsonl-records.ts';
import { redactHiddenJudgment } from '../records/redact-hidden-records.ts';
import { lockResultsDir } from '../records/results-lock.ts';
import type { RenderJob } from '../render/renderer.ts';
import {
  ArtifactRecord,
  type AuditRecord,
  type RenderResult,
} from '../schemas/audit-record.schema.ts';
import { EffortRecord } from '../schemas/effort-record.schema.ts';
import { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import {
  SUMMARY_SCHEMA_VERSION,
  type RefigSummary,
  type StyleSummary,
} from '../schemas/summary.schema.ts';
import { loadSuite, type LoadedTask } from '../suite/load-suite.ts';
import type { NotScoredTask } from '../schemas/not-scored.schema.ts';
import { notScoredLines } from '../suite/sealed-access.ts';
import { hashInputs } from '../util/hash-inputs.ts';
import { sha256, sha256File } from '../util/sha256.ts';
import { loadSubmissionManifest } from '../validate/read-submission-manifest-file.ts';
import { defaultSuiteDir } from '../suite/default-suite-dir.ts';
import {
  describeScorers,
  type RecordScorers,
  sameScorers,
  scorersFor,
} from '../scorers/record-scorers.ts';
import { SCORER_VERSIONS, type ScorerVersions } from '../scorers/scorer-registry.ts';
import {
  gateFailedRecord,
  judgedRecord,
  missingRecord,
  type RecordContext,
} from './build-judgment-record.ts';
import { llmJudgeSettings } from '../config/llm-judge-settings.ts';
import type {
  StyleVisionJudgeEntry,
  StyleVisionJudgeSummary,
} from '../style/judge-style-vision.ts';
import type { EvaluatePorts } from './evaluate-ports.ts';
import { createJudgeRunner, type JudgeRunner } from './judge-runner.ts';
import { runPool } from './run-pool.ts';
import { summarizeResults } from './summarize-results.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';
import { listJudgmentRuns } from '../results/list-judgment-runs.ts';
import { RESULT_FILES, RESULTS_DIR, runFileName, runFilePath } from '../results/results-layout.ts';
import { writeSummary } from '../results/write-summary.ts';

export interface EvaluateOptions {
  /** `submissions/<id>`. Results go to `<submissionDir>/results/`. */
  submissionDir: string;
  /** Suite folder; default `<suitesRoot>/<manifest.suite.name>`. */
  suiteDir?: string;
  /** Folder holding the suites (the repository's `suites/`); default `<submissionDir>/../../suites`. */
  suitesRoot?: string;
  /**
   * Score only these tasks of the suite (a CI shard; default: every task). Records of other
   * tasks already in the results folder are kept as they are, and the summary covers these
   * tasks. Refig track only; an id that is not a task of the suite is a usage error.
   */
  tasks?: readonly string[];
  /** The submission's manifest when the caller has read it already (it is read once per evaluate). */
  manifest?: SubmissionManifest;
  config: LoadedConfig;
  /** Judge ids to run (default: every runnable judge in the config). Unknown ids are a usage error. */
  judges?: readonly string[];
  /** Override the number of runs of LLM judges (the metric judge is deterministic: always 1). */
  runs?: number;
  /** Parallel renders and metric judgments. */
  workers: number;
  /** Score against the graph extracted from the source even when a task has truth.json. */
  noTruth?: boolean;
  /**
   * Where results go (default `<submissionDir>/results`). Required when `suiteDir` is another
   * suite than the one the submission answers, so an experiment never overwrites the committed
   * results of the submission's own suite.
   */
  resultsDir?: string;
  /**
   * Folder holding `<task-id>/output.pptx …` (default `<submissionDir>/artifacts`). For a
   * submission delivered as an archive, the `artifacts/` folder of the verified, unpacked
   * archive (see `refig validate`, which fetches and checks it).
   */
  artifactsDir?: string;
  /** Judge again the tasks whose last record is `failed` (default: a failed record is final). */
  retryFailed?: boolean;
  /**
   * Scorer versions records are made under (default: this build's `SCORER_VERSIONS`). Records
   * of other versions are re-scored and the outcome says so.
   */
  scorers?: ScorerVersions;
}

/** Records re-made because a scorer version differs from the one that made them. */
export interface RescoredFile {
  /** Results file, relative to the results folder (e.g. `judgments/metric/run-1.jsonl`). */
  file: string;
  records: number;
  /** Versions the old records carried (distinct, sorted), and the versions now. */
  from: string[];
  to: string;
}

/** What one evaluate call did, besides writing the results. */
export interface EvaluateOutcome {
  summary: RefigSummary | StyleSummary;
  resultsDir: string;
  work: {
    /** Decks audited (and rendered when they passed) in this call / reused from artifacts.jsonl. */
    audited: number;
    reusedArtifacts: number;
    /** Judgments made in this call / reused from earlier runs (same inputHash). */
    judged: number;
    reusedJudgments: number;
    effortParsed: number;
    /** Records re-made because they were made by another scorer version. */
    rescored: number;
  };
  /** Per results file, the records re-made because of a scorer version change. */
  rescored: RescoredFile[];
  /**
   * Hidden tasks whose sealed material the given key could not open (a wrong key, a damaged
   * bundle), whether their recorded scores were kept or they were listed as not scored. Empty
   * when the key opened everything or no key was given (that is the public checkout's state).
   */
  unopened: NotScoredTask[];
}

/** Decks audited (and held in memory) per round before they are rendered as one batch. */
const ROUND_SIZE = 200;
/** Largest agent log parsed for effort (bounded memory); a bigger one is reported, not read. */
const MAX_AGENT_LOG_BYTES = 64 * 1024 * 1024;

/**
 * `refig evaluate`: gate → audit → render → judges → effort for every task of the suite, with
 * results under `<submission>/results/`. Resumable: every record carries an `inputHash`; a
 * record whose inputs are unchanged is reused, never recomputed (so a re-run makes no API
 * calls), and records are appended one by one so a killed run loses at most the one in flight.
 * At the end each JSONL file is canonicalised (one record per task, sorted) and `summary.json`
 * is rebuilt from the files — an interrupted-then-resumed run and an uninterrupted run end
 * byte-identical. Missing tasks score 0; one broken task never stops the others.
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
  const work = {
    audited: 0,
    reusedArtifacts: 0,
    judged: 0,
    reusedJudgments: 0,
    effortParsed: 0,
    rescored: 0,
  };
  const versions = options.scorers ?? SCORER_VERSIONS;
  const rescoring = new RescoreLog();

  // 1. The manifest: every problem at once, or stop. Temp files a killed run left are removed.
  const manifest = options.manifest ?? (await loadSubmissionManifest(submissionDir));
  for (const stale of await removeStaleTempFiles(resultsDir))
    ports.log(`removed ${stale}, left by an interrupted run`);
  const suiteDir = resolve(
    options.suiteDir ?? defaultSuiteDir(submissionDir, manifest.suite.name, options.suitesRoot),
  );

  // 2. Style submissions go to the style pipeline.
  if (manifest.track === 'style' && options.tasks !== undefined) {
    throw new UsageError('a task subset is scored for the refig track only', {
      code: 'style-task-subset',
      where: join(submissionDir, 'submission.yml'),
      expected: 'track: refig',
      got: 'track: style',
      hint: 'score style submissions whole (the Action: shard-count 1)',
    });
  }
  if (manifest.track === 'style') {
    if (!ports.evaluateStyle) {
      throw new UsageError('style-track submissions cannot be evaluated by this build', {
        code: 'style-track-unavailable',
        where: join(submissionDir, 'submission.yml'),
        expected: 'track: refig',
        got: 'track: style',
        hint: 'the style pipeline (evaluator/src/style) is not wired into refig evaluate yet',
      });
    }
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
      const suite = await loadSuite(suiteDir, { verifyHashes: false });
      const sealed = new Set(
        ((styleSummary as { tasks?: { sealed?: string[] } }).tasks?.sealed ?? []).map(String),
      );
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
      unopened: (styleUnopened as NotScoredTask[] | undefined) ?? [],
    };
  }
  if (manifest.archive && options.artifactsDir === undefined) {
    throw new UsageError(
      'this submission is delivered as an archive: its artifacts must be fetched and verified first',
      {
        code: 'archive-not-unpacked',
        where: join(submissionDir, 'submission.yml'),
        expected: 'the artifacts/ folder of the unpacked archive',
        got: `archive ${manifest.archive.url}`,
        hint: 'refig evaluate fetches, verifies and unpacks it for you (through refig validate); from code, pass artifactsDir',
      },
    );
  }
  const artifactsDir = resolve(options.artifactsDir ?? join(submissionDir, 'artifacts'));

  // 3. The suite: tasks that load are evaluated; a broken task is reported and left out.
  const suite = await loadSuite(suiteDir, { suiteKey: ports.suiteKey ?? null });
  if (!suite.manifest) {
    throw new FigboardError(`the suite "${manifest.suite.name}" cannot be loaded`, {
      code: 'suite-unreadable',
      where: suiteDir,
      got: suite.problems.map(formatProblem).slice(0, 5).join('; '),
      hint: 'pass --suite DIR, or check suites/<name>/suite.json',
    });
  }
  if (suite.manifest.name !== manifest.suite.name) {
    if (options.resultsDir === undefined) {
      throw new UsageError(
        `the submission answers suite "${manifest.suite.name}" but ${suiteDir} is suite "${suite.manifest.name}"`,
        {
          code: 'suite-mismatch',
          where: suiteDir,
          expected: manifest.suite.name,
          got: suite.manifest.name,
          hint: 'to score it against another suite anyway, pass --out DIR (results/ keeps the scores of its own suite)',
        },
      );
    }
    ports.log(
      `note: scoring a ${manifest.suite.name} submission against suite ${suite.manifest.name}: tasks without an artifact score 0 and are listed as missing`,
    );
  }
  for (const p of suite.problems.filter((x) => x.severity === 'error'))
    ports.log(`suite problem (task left out): ${formatProblem(p)}`);
  if (suite.manifest.version !== manifest.suite.version) {
    ports.log(
      `warning: submission answers ${manifest.suite.name} ${manifest.suite.version}, the suite folder is version ${suite.manifest.version}`,
    );
  }
  const selected = selectTasks(
    [...suite.tasks].sort((a, b) => cmp(a.id, b.id)),
    options.tasks,
    suiteDir,
  );
  const taskIds = new Set(suite.taskDirs.map((t) => t.id));
  const artifactDirs = await readdir(artifactsDir).catch(() => [] as string[]);
  for (const name of artifactDirs.sort())
    if (!taskIds.has(name))
      ports.log(
        `warning: artifacts/${name}/ is not a task of suite ${suite.manifest.name}; ignored`,
      );
  const runners = selectJudges(options, ports);
  const scoring = options.config.scoring;
  await mkdir(resultsDir, { recursive: true });

  // 3b. Hidden tasks whose truth could not be opened (no key, wrong key, damaged bundle) are not
  // scored. Their records from a run that had the key are kept while the deck is unchanged (a
  // public checkout re-runs to the same bytes); otherwise they are removed and the task listed.
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
      join(artifactsDir, task.id, 'output.pptx'),
      scorersFor('artifact', versions),
      scoring,
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
      for (const run of runs)
        await dropJsonlRecords(
          join(resultsDir, RESULT_FILES.judgments, judge, runFileName(run)),
          JudgmentRecord,
          (r) => gone.has(r.task),
        );
    for (const line of notScoredLines(suite.manifest.name, notScored)) ports.log(line);
  }
  if (kept.length > 0)
    ports.log(
      `kept the recorded scores of ${kept.length} hidden task(s) of ${suite.manifest.name} without re-scoring them (their truth is sealed and this run cannot open it; the decks are unchanged): ${kept.join(', ')}`,
    );
  const tasks = selected.filter((t) => !t.notScored);

  // 4. Gate + audit + render per task (resumed from artifacts.jsonl).
  const rendersDir = join(resultsDir, RESULT_FILES.renders);
  const previous = recordedArtifacts;
  const artifactScorers = scorersFor('artifact', versions);
  const artifacts = new Map<string, ArtifactRecord>();
  const todo: { task: LoadedTask; deck: string; deckSha: string; inputHash: string }[] = [];
  for (const task of tasks) {
    const deck = join(artifactsDir, task.id, 'output.pptx');
    const info = await lstat(deck).catch(() => null);
    if (!info?.isFile()) {
      const record: ArtifactRecord = {
        task: task.id,
        submission: manifest.id,
        status: 'missing',
        audit: null,
        scorers: artifactScorers,
        inputHash: hashInputs({ record: 'artifact', scorers: artifactScorers, deck: null }),
      };
      const prev = previous.get(task.id);
      if (!prev || prev.inputHash !== record.inputHash) {
        rescoring.note(RESULT_FILES.artifacts, prev?.scorers, artifactScorers, prev !== undefined);
        await appendJsonl(artifactsFile, ArtifactRecord, [record]);
      }
      artifacts.set(task.id, record);
      continue;
    }
    const deckSha = await sha256File(deck);
    const inputHash = deckInputHash(deckSha, artifactScorers, scoring);
    const prev = previous.get(task.id);
    const renderOk = prev?.audit?.render?.passed
      ? await exists(join(rendersDir, `${task.id}.png`))
      : true;
    if (
      prev &&
      prev.inputHash === inputHash &&
      prev.status === 'ok' &&
      renderOk &&
      !renderAgain(prev, options.retryFailed ?? false)
    ) {
      artifacts.set(task.id, prev);
      work.reusedArtifacts += 1;
    } else {
      rescoring.note(RESULT_FILES.artifacts, prev?.scorers, artifactScorers, prev !== undefined);
      todo.push({ task, deck, deckSha, inputHash });
    }
  }
  rescoring.announce(RESULT_FILES.artifacts, ports.log);
  if (todo.length > 0) {
    const bar = ports.progress();
    bar.start(todo.length, 'audit+render');
    for (let i = 0; i < todo.length; i += ROUND_SIZE) {
      const round = todo.slice(i, i + ROUND_SIZE);
      // Records are appended one by one, in a chain: each task is saved as soon as it is final
      // (renders report through onResult), so a killed run redoes at most the decks in flight.
      let saving: Promise<void> = Promise.resolve();
      let saveError: unknown = null;
      const save = (t: (typeof todo)[number], audit: AuditRecord) => {
        const record: ArtifactRecord = {
          task: t.task.id,
          submission: manifest.id,
          status: 'ok',
          audit,
          scorers: artifactScorers,
          inputHash: t.inputHash,
        };
        artifacts.set(record.task, record);
        work.audited += 1;
        bar.tick(t.task.id);
        saving = saving
          .then(() =>
            saveError === null ? appendJsonl(artifactsFile, ArtifactRecord, [record]) : undefined,
          )
          .catch((err: unknown) => {
            saveError ??= err; // e.g. a full disk: reported after the renders in flight settle
          });
      };
      const audits = new Map<string, AuditRecord>();
      for (const t of round) {
        const audit = await ports.auditDeck(t.deck, {
          name: `artifacts/${t.task.id}/output.pptx`,
          cap: scoring.cap,
        });
        if (audit.gate.passed) audits.set(t.task.id, audit);
        else save(t, audit); // refused by the reader: nothing to render
      }
      const byId = new Map(round.map((t) => [t.task.id, t] as const));
      const jobs: RenderJob[] = round
        .filter((t) => audits.has(t.task.id))
        .map((t) => ({ id: t.task.id, path: t.deck }));
      const done = new Set<string>();
      const finish = (id: string, render: RenderResult) => {
        if (done.has(id)) return;
        done.add(id);
        // The render gate: a deck that does not render (or renders to ≠ 1 page) fails g(P).
        save(byId.get(id)!, applyRenderGate(audits.get(id)!, render, scoring.cap));
      };
      if (jobs.length > 0) {
        let results: Map<string, RenderResult>;
        try {
          results = await ports.renderer.render(jobs, {
            outDir: rendersDir,
            dpi: scoring.render.dpi,
            workers: options.workers,
            timeoutMs: scoring.render.timeoutSeconds * 1000,
            onResult: finish,
            measureRasters: true,
          });
        } catch (err) {
          // The machine failed (disk full, a broken LibreOffice): keep what finished, record
          // nothing for the rest, and stop — a re-run renders them again.
          await saving;
          bar.stop();
          throw environmentErrorFrom(err, 'rendering decks') ?? err;
        }
        // A renderer that does not stream results still returns them all.
        for (const job of jobs)
          finish(
            job.id,
            results.get(job.id) ?? {
              passed: false,
              reason: 'render-failed',
              detail: 'the renderer returned no result for this deck',
              pages: null,
              png: null,
              width: null,
              height: null,
            },
          );
      }
      await saving;
      if (saveError !== null) {
        bar.stop();
        throw environmentErrorFrom(saveError, `writing ${artifactsFile}`) ?? saveError;
      }
    }
    bar.stop();
  }

  // 5. Judges × runs: each record is appended as soon as it exists.
  const judgeStatus = new Map<string, { status: 'ran' | 'stopped'; note: string | null }>();
  for (const runner of runners) {
    const runs = runner.judge.kind === 'metric' ? 1 : (options.runs ?? runner.judge.runs);
    const judgeScorers = scorersFor(runner.judge.kind, versions);
    judgeStatus.set(runner.judge.id, { status: 'ran', note: null });
    for (let run = 1; run <= runs; run++) {
      const relativeFile = runFilePath(runner.judge.id, run);
      const file = join(resultsDir, relativeFile);
      await repairJsonlTail(file);
      const done = latestByTask((await readJsonl(file, JudgmentRecord)).records);
      const pending: { task: LoadedTask; ctx: RecordContext }[] = [];
      for (const task of tasks) {
        const artifact = artifacts.get(task.id)!;
        const ctx: RecordContext = {
          task: task.id,
          submission: manifest.id,
          judge: runner.judge,
          run,
          rubric: scoring.rubric,
          scorers: judgeScorers,
          settings: runner.settings,
          ...(runner.judge.kind === 'metric'
            ? {
                reference:
                  task.truth !== null && !options.noTruth ? 'checked-truth' : 'extracted-graph',
              }
            : {}),
          inputHash: judgmentHash(runner, task, artifact, run, judgeScorers, options),
        };
        const prev = done.get(task.id);
        if (
          prev &&
          prev.inputHash === ctx.inputHash &&
          (prev.status !== 'failed' || !options.retryFailed)
        ) {
          work.reusedJudgments += 1;
          continue;
        }
        if (prev?.inputHash !== ctx.inputHash)
          rescoring.note(relativeFile, prev?.scorers, judgeScorers, prev !== undefined);
        pending.push({ task, ctx });
      }
      rescoring.announce(relativeFile, ports.log);
      if (pending.length === 0) continue;
      // Missing and gate-failed tasks need no judge call: record them first, so what a run
      // writes before a judge-wide failure does not depend on timing.
      const needsJudge = (t: LoadedTask) => artifacts.get(t.id)!.audit?.gate.passed === true;
      const free = pending.filter((p) => !needsJudge(p.task));
      const bar = ports.progress();
      bar.start(pending.length, `${runner.judge.id} run ${run}`);
      for (const { task, ctx } of free) {
        await appendJsonl(file, JudgmentRecord, [
          await judgeOne(runner, task, artifacts.get(task.id)!, ctx, resultsDir),
        ]);
        work.judged += 1;
        bar.tick(task.id);
      }
      try {
        await runPool(
          pending.filter((p) => needsJudge(p.task)),
          runner.concurrency,
          async ({ task, ctx }) => {
            const artifact = artifacts.get(task.id)!;
            const record = await judgeOne(runner, task, artifact, ctx, resultsDir);
            await appendJsonl(file, JudgmentRecord, [record]);
            work.judged += 1;
            bar.tick(task.id);
          },
        );
      } catch (err) {
        if (!isJudgeWideFailure(err)) throw err;
        const note = err instanceof FigboardError ? err.describe() : String(err);
        judgeStatus.set(runner.judge.id, { status: 'stopped', note });
        ports.log(`judge ${runner.judge.id} stopped: ${note}`);
        break;
      } finally {
        bar.stop();
      }
    }
  }

  // 6. Effort and cost from each task's agent log.
  const effortFile = join(resultsDir, RESULT_FILES.effort);
  await repairJsonlTail(effortFile);
  const effortDone = latestByTask((await readJsonl(effortFile, EffortRecord)).records);
  const prices = priceFor(manifest.model.name, options.config.prices);
  const effortScorers = scorersFor('effort', versions);
  for (const task of tasks) {
    if (artifacts.get(task.id)!.status === 'missing') continue;
    const logPath = join(artifactsDir, task.id, 'output.jsonl');
    const info = await lstat(logPath).catch(() => null);
    const tooLarge = info?.isFile() && info.size > MAX_AGENT_LOG_BYTES;
    const content = info?.isFile() && !tooLarge ? await readFile(logPath, 'utf8') : null;
    const inputHash = hashInputs({
      record: 'effort',
      scorers: effortScorers,
      log: content === null ? (tooLarge ? `too-large:${info!.size}` : null) : sha256(content),
      prices: prices ?? null,
    });
    const prevEffort = effortDone.get(task.id);
    if (prevEffort?.inputHash === inputHash) continue;
    rescoring.note(
      RESULT_FILES.effort,
      prevEffort?.scorers,
      effortScorers,
      prevEffort !== undefined,
    );
    const effort = tooLarge
      ? {
          ...parseAgentLog(''),
          problems: [
            `output.jsonl is ${info!.size} bytes, over the ${MAX_AGENT_LOG_BYTES}-byte limit: not parsed`,
          ],
        }
      : content === null
        ? {
            ...parseAgentLog(''),
            format: 'missing' as const,
            problems: ['no output.jsonl for this task'],
          }
        : parseAgentLog(content, prices);
    await appendJsonl(effortFile, EffortRecord, [
      { ...effort, task: task.id, submission: manifest.id, scorers: effortScorers, inputHash },
    ]);
    work.effortParsed += 1;
  }

  rescoring.announce(RESULT_FILES.effort, ports.log);

  // 7. Canonical files: one record per task, sorted — resumed and uninterrupted runs give the same bytes.
  await canonicalizeJsonl(artifactsFile, ArtifactRecord, (r) => r.task);
  await canonicalizeJsonl(effortFile, EffortRecord, (r) => r.task);
  for (const runner of runners) {
    const runs = runner.judge.kind === 'metric' ? 1 : (options.runs ?? runner.judge.runs);
    for (let run = 1; run <= runs; run++)
      await canonicalizeJsonl(
        join(resultsDir, RESULT_FILES.judgments, runner.judge.id, runFileName(run)),
        JudgmentRecord,
        (r) => r.task,
      );
  }

  // 8. The summary, rebuilt from the files.
  const summary = await summarizeResults({
    resultsDir,
    manifest,
    suite: { name: suite.manifest.name, version: suite.manifest.version },
    tasks: [...tasks.map((t) => t.id), ...kept].sort(cmp),
    notScored,
    config: options.config,
    runners: runners.map((r) => ({
      judge: r.judge,
      runs: r.judge.kind === 'metric' ? 1 : (options.runs ?? r.judge.runs),
      ...judgeStatus.get(r.judge.id)!,
    })),
  });
  await writeSummary(resultsDir, summary);
  const rescored = rescoring.files();
  work.rescored = rescored.reduce((s, f) => s + f.records, 0);
  return { summary, resultsDir, work, rescored, unopened };
}

/**
 * Collects, per results file, the records about to be re-made because the scorer versions that
 * made them differ from the current ones (a changed deck or setting is not counted here).
 */
class RescoreLog {
  private readonly byFile = new Map<string, { records: number; from: Set<string>; to: string }>();
  private readonly announced = new Set<string>();

  note(
    file: string,
    recorded: RecordScorers | undefined,
    current: RecordScorers,
    existed: boolean,
  ): void {
    if (!existed || sameScorers(recorded, current)) return;
    const entry = this.byFile.get(file) ?? {
      records: 0,
      from: new Set<string>(),
      to: describeScorers(current),
    };
    entry.records += 1;
    entry.from.add(describeScorers(recorded));
    this.byFile.set(file, entry);
  }

  /** Says once, before the work, how many records of `file` are re-scored and why. */
  announce(file: string, log: (line: string) => void): void {
    const e = this.byFile.get(file);
    if (!e || this.announced.has(file)) return;
    this.announced.add(file);
    log(
      `rescoring ${e.records} record(s) of ${file}: made by ${[...e.from].sort().join('; ')}, this evaluator is ${e.to}`,
    );
  }

  files(): RescoredFile[] {
    return [...this.byFile.entries()]
      .sort(([a], [b]) => cmp(a, b))
      .map(([file, e]) => ({ file, records: e.records, from: [...e.from].sort(), to: e.to }));
  }
}

/** The suite's tasks, or the requested subset of them (every unknown id reported at once). */
function selectTasks(
  all: LoadedTask[],
  subset: readonly string[] | undefined,
  suiteDir: string,
): LoadedTask[] {
  if (subset === undefined) return all;
  const known = new Set(all.map((t) => t.id));
  const unknown = [...new Set(subset)].filter((id) => !known.has(id)).sort();
  if (unknown.length > 0)
    throw new UsageError(
      `${unknown.length} requested task(s) are not tasks of the suite: ${unknown.join(', ')}`,
      {
        code: 'unknown-task',
        where: suiteDir,
        expected: 'ids of tasks that load from the suite',
        got: unknown.slice(0, 10).join(', '),
      },
    );
  const wanted = new Set(subset);
  return all.filter((t) => wanted.has(t.id));
}

function selectJudges(options: EvaluateOptions, ports: EvaluatePorts): JudgeRunner[] {
  const config = options.config;
  const known = new Map<string, ResolvedJudge>(config.judges.map((j) => [j.id, j]));
  let chosen: ResolvedJudge[];
  if (options.judges && options.judges.length > 0) {
    const skipped = new Map(config.skipped.map((s) => [s.id, s]));
    chosen = [];
    for (const id of options.judges) {
      const j = known.get(id);
      if (j) chosen.push(j);
      else if (skipped.has(id)) ports.log(`judge ${id} skipped: ${skipped.get(id)!.reason}`);
      else {
        throw new UsageError(`unknown judge "${id}"`, {
          code: 'judge-unknown',
          where: '--judges',
          expected: `one of ${[...known.keys(), ...skipped.keys()].join(', ')}`,
          got: id,
        });
      }
    }
  } else {
    chosen = config.judges;
    for (const s of config.skipped) ports.log(`judge ${s.id} skipped: ${s.reason}`);
  }
  chosen = chosen.filter((j) => {
    if (j.kind === 'metric' || j.config.tracks.includes('refig')) return true;
    ports.log(`judge ${j.id} skipped: it judges the style track only (tracks: [style])`);
    return false;
  });
  if (options.runs !== undefined && (!Number.isInteger(options.runs) || options.runs < 1)) {
    throw new UsageError('invalid number of runs', {
      where: '--runs',
      expected: 'an integer ≥ 1',
      got: String(options.runs),
    });
  }
  return chosen.map((j) =>
    createJudgeRunner(
      j,
      config,
      { noTruth: options.noTruth ?? false, workers: options.workers },
      ports,
    ),
  );
}

/**
 * The LLM judges that judge style entries: the runnable LLM judges of figboard.yml whose
 * `tracks` include `style` (default: every one), or those named by `--judges` (`metric` names the
 * deterministic channel, which always runs). A judge whose key is unset is skipped with a line.
 */
function selectStyleVisionJudges(
  options: EvaluateOptions,
  ports: EvaluatePorts,
): StyleVisionJudgeEntry[] {
  const config = options.config;
  const llm = config.judges.filter(
    (j): j is Extract<ResolvedJudge, { kind: 'llm' }> => j.kind === 'llm',
  );
  const skipped = new Map(config.skipped.map((s) => [s.id, s]));
  let chosen: Extract<ResolvedJudge, { kind: 'llm' }>[];
  if (options.judges && options.judges.length > 0) {
    chosen = [];
    for (const id of options.judges) {
      if (id === 'metric') continue;
      const j = llm.find((x) => x.id === id);
      if (j) chosen.push(j);
      else if (skipped.has(id)) ports.log(`judge ${id} skipped: ${skipped.get(id)!.reason}`);
      else
        throw new UsageError(`unknown judge "${id}"`, {
          code: 'judge-unknown',
          where: '--judges',
          expected: `one of metric, ${[...llm.map((j) => j.id), ...skipped.keys()].join(', ')}`,
          got: id,
        });
    }
  } else {
    chosen = llm;
    for (const s of config.skipped) ports.log(`judge ${s.id} skipped: ${s.reason}`);
  }
  if (options.runs !== undefined && (!Number.isInteger(options.runs) || options.runs < 1)) {
    throw new UsageError('invalid number of runs', {
      where: '--runs',
      expected: 'an integer ≥ 1',
      got: String(options.runs),
    });
  }
  return chosen
    .filter((j) => {
      if (j.config.tracks.includes('style')) return true;
      ports.log(`judge ${j.id} skipped for the style track (tracks: [refig])`);
      return false;
    })
    .map((j) => {
      const c = j.config;
      return {
        id: j.id,
        family: j.family,
        model: j.model,
        runs: options.runs ?? j.runs,
        concurrency: c.concurrency,
        maxAttempts: c.maxAttempts,
        ...(c.temperature !== undefined ? { temperature: c.temperature } : {}),
        ...(c.reasoningEffort !== undefined ? { reasoningEffort: c.reasoningEffort } : {}),
        ...(c.thinking !== undefined ? { thinking: c.thinking } : {}),
        ...(c.maxOutputTokens !== undefined ? { maxOutputTokens: c.maxOutputTokens } : {}),
        prices: c.prices ?? null,
        settings: llmJudgeSettings(c),
        client: ports.createJudgeClient(j),
      };
    });
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

function latestByTask<T extends { task: string }>(records: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const r of records) map.set(r.task, r);
  return map;
}

/**
 * Whether a recorded render failure is done again: with `--retry-failed` every render failure
 * (render-failed, render-timeout); always one that older versions recorded for an error of the
 * machine ("renderer error: …"), which was never the deck's fault.
 */
function renderAgain(prev: ArtifactRecord, retryFailed: boolean): boolean {
  const gate = prev.audit?.gate;
  if (!gate || gate.passed) return false;
  if (gate.detail?.startsWith('renderer error:')) return true;
  return retryFailed && (gate.reason === 'render-failed' || gate.reason === 'render-timeout');
}

async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isFile() ?? false;
}

const cmp = compareCodeUnits;

/** The artifact record's input hash for a deck of these bytes (the same rule as step 4). */
function deckInputHash(
  deckSha: string,
  scorers: RecordScorers,
  scoring: LoadedConfig['scoring'],
): string {
  return hashInputs({
    record: 'artifact',
    scorers,
    deck: deckSha,
    dpi: scoring.render.dpi,
    cap: scoring.cap,
  });
}

/** The artifact input hash of the deck at `path` now (a missing deck has its own hash). */
async function artifactInputHash(
  path: string,
  scorers: RecordScorers,
  scoring: LoadedConfig['scoring'],
): Promise<string> {
  const info = await lstat(path).catch(() => null);
  if (!info?.isFile()) return hashInputs({ record: 'artifact', scorers, deck: null });
  return deckInputHash(await sha256File(path), scorers, scoring);
}
