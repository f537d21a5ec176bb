import { readFile } from 'node:fs/promises';
import { compareCodeUnits } from '../util/compare-code-units.ts';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { silentProgress, type Progress } from '../util/progress.ts';
import { FigboardError } from '../errors/index.ts';
import type { Problem } from '../errors/problem.ts';
import {
  appendJsonl,
  canonicalizeJsonl,
  readJsonl,
  removeStaleTempFiles,
} from '../records/jsonl-file.ts';
import { createBubblewrapSandbox } from '../sandbox/bubblewrap-sandbox.ts';
import { DEFAULT_SANDBOX_LIMITS, type Sandbox, type SandboxLimits } from '../sandbox/sandbox.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import { StyleRecord, type Defect } from '../schemas/style-record.schema.ts';
import type { StyleSplit } from '../schemas/style-task.schema.ts';
import { redactHiddenStyleRecord } from '../records/redact-hidden-records.ts';
import type { NotScoredTask } from '../schemas/not-scored.schema.ts';
import { loadSuite, SEALED_FILE } from '../suite/load-suite.ts';
import { notScoredLines, openTaskMaterial } from '../suite/sealed-access.ts';
import type { SealedBundle } from '../suite/sealed-bundle.ts';
import {
  describeScorers,
  type RecordScorers,
  sameScorers,
  scorersFor,
} from '../scorers/record-scorers.ts';
import { SCORER_VERSIONS, type ScorerVersions } from '../scorers/scorer-registry.ts';
import { hashInputs } from '../util/hash-inputs.ts';
import { round } from '../util/round.ts';
import { sha256 } from '../util/sha256.ts';
import { loadStyleTask, type LoadedStyleTask } from './load-style-task.ts';
import { readCandidateScript } from './read-candidate-script.ts';
import { stageHarness } from './run-figure-script.ts';
import { scoreStyleCandidate } from './score-style-candidate.ts';

export interface EvaluateStyleSubmissionOptions {
  /** `submissions/<id>/` holding `artifacts/<task>/figure.py`. */
  submissionDir: string;
  /** The validated `submission.yml` (track `style`). */
  manifest: SubmissionManifest;
  /** The style suite folder (`suite.json` + task folders). */
  suiteDir: string;
  /**
   * Where `style.jsonl` is written (default `<submissionDir>/results`). Required to score the
   * entry against a suite other than the one it answers: the committed results stay untouched.
   */
  resultsDir?: string;
  /** Score again the tasks whose last record is `failed` (default: a failed record is final). */
  retryFailed?: boolean;
  /** Candidates run in parallel (each in its own sandbox); default 1. */
  workers?: number;
  progress?: Progress;
  /**
   * The suite key (32 bytes) that opens the suite's `sealed.json`, or null/absent. Without it, a
   * task whose criteria exist only sealed is not scored and is listed in `tasks.sealed` (never
   * counted as 0); with it, the sealed criteria give the same records as the open files would.
   */
  suiteKey?: Buffer | null;
  /** Default: the bubblewrap sandbox. */
  sandbox?: Sandbox;
  limits?: Partial<SandboxLimits>;
  /** Scorer versions records are made under (default: this build's `SCORER_VERSIONS`). */
  scorers?: ScorerVersions;
  /** One human-readable line (e.g. records re-scored under new scorer versions). */
  log?: (line: string) => void;
  /** Called after each task with its wall time, for logs and benchmarks (never written to records). */
  onTask?: (event: {
    task: string;
    status: StyleRecord['status'];
    reused: boolean;
    wallMs: number;
  }) => void;
}

interface Means {
  tasks: number;
  S: number;
  code: number;
  vision: number;
}

/** What `evaluateStyleSubmission` returns; deterministic (no times, no resume counters). */
export interface StyleSubmissionSummary {
  submission: string;
  track: 'style';
  suite: { name: string; version: string };
  tasks: {
    /** Tasks in the suite: the denominator of every mean. */
    total: number;
    ok: number;
    /** Tasks without `artifacts/<task>/figure.py` (S = 0). */
    missing: string[];
    /** Scripts that failed in the sandbox, or tasks that could not be loaded (S = 0). */
    failed: { task: string; code: string }[];
    /**
     * Tasks whose criteria are sealed (`sealed.json`) and could not be opened (no key, a wrong
     * key, a damaged bundle): not scored, no record written, and left out of every mean (never
     * counted as 0). `notScored` (written only when not empty) says why for each.
     */
    sealed: string[];
    notScored?: NotScoredTask[];
  };
  /**
   * Hidden tasks whose sealed material the given key could not open (wrong key, damaged
   * bundle), kept or not: for the caller's exit status; `refig evaluate` never writes it.
   */
  unopened?: NotScoredTask[];
  /** Means over every suite task but the sealed ones, missing and failed ones counting 0. */
  scores: Means;
  /** The same means per split (hand-curated | augmented). */
  perSplit: Partial<Record<StyleSplit, Means>>;
  /** Vision defects found, by kind. */
  defects: Record<string, number>;
  resultsFile: string;
  /** Problems with the suite or its tasks (the submission was still scored on the rest). */
  problems: Problem[];
}

/**
 * Evaluates a style-track submission: every task of the suite is scored (FigMirror §4.2) —
 * the candidate's `figure.py` runs in the sandbox with the task's `data.csv`, then the code and
 * vision channels — and one `StyleRecord` per task is appended to `results/style.jsonl`. A
 * record whose input hash (script, data, criteria, harness, scorer version, limits) is already
 * in the file is reused, so an interrupted run resumes; at the end the file is canonicalised
 * (one record per task, sorted by task) so resumed and uninterrupted runs end byte-identical.
 * A missing task scores 0 with status `missing`; a broken task never stops the others.
 */
export async function evaluateStyleSubmission(
  options: EvaluateStyleSubmissionOptions,
): Promise<StyleSubmissionSummary> {
  const { manifest, submissionDir } = options;
  const progress = options.progress ?? silentProgress;
  const sandbox = options.sandbox ?? createBubblewrapSandbox();
  const limits: SandboxLimits = { ...DEFAULT_SANDBOX_LIMITS, ...options.limits };
  const workers = Math.max(1, Math.min(64, Math.floor(options.workers ?? 1)));
  const resultsDir = resolve(options.resultsDir ?? join(submissionDir, 'results'));
  const resultsFile = join(resultsDir, 'style.jsonl');
  await removeStaleTempFiles(resultsDir);

  // 1. The suite: a style suite whose name matches the manifest.
  const suite = await loadSuite(options.suiteDir, { verifyHashes: false });
  if (!suite.manifest) {
    throw new FigboardError('the style suite cannot be loaded', {
      code: 'suite-unreadable',
      where: options.suiteDir,
      got: suite.problems
        .slice(0, 3)
        .map((p) => `${p.file}: ${p.message}`)
        .join('; '),
    });
  }
  if (suite.manifest.track !== manifest.track) {
    throw new FigboardError(`the suite is not a ${manifest.track}-track suite`, {
      code: 'suite-track-mismatch',
      where: join(options.suiteDir, 'suite.json'),
      expected: `track: ${manifest.track}`,
      got: `track: ${suite.manifest.track}`,
    });
  }
  if (suite.manifest.name !== manifest.suite.name && options.resultsDir === undefined) {
    throw new FigboardError(
      `the submission answers suite "${manifest.suite.name}" but the suite folder holds "${suite.manifest.name}"`,
      {
        code: 'suite-mismatch',
        where: options.suiteDir,
        expected: manifest.suite.name,
        got: suite.manifest.name,
        hint: 'to score it against another suite anyway, pass --out DIR (results/ keeps the scores of its own suite)',
      },
    );
  }
  const problems: Problem[] = suite.problems.filter((p) => p.severity === 'error');

  // 2. What is already recorded (resume by input hash).
  const previous = await readJsonl(resultsFile, StyleRecord);
  const byTask = new Map(
    previous.records.filter((r) => r.submission === manifest.id).map((r) => [r.task, r]),
  );
  const harness = await stageHarness();

  // 3. Score every task, `workers` at a time; each record is appended as soon as it exists.
  progress.start(suite.taskDirs.length, `style ${manifest.id}`);
  const queue = [...suite.taskDirs];
  const scorers = scorersFor('style', options.scorers ?? SCORER_VERSIONS);
  const rescored = new Map<string, number>();
  const locked: NotScoredTask[] = [];
  const unopened: NotScoredTask[] = [];
  const kept: string[] = [];
  const runOne = async (entry: { id: string; dir: string }) => {
    const started = Date.now();
    const sealedFiles = await openSealed(
      entry,
      suite.sealed,
      suite.sealedBroken,
      options.suiteKey ?? null,
      options.suiteDir,
    );
    if (sealedFiles !== undefined && !sealedFiles.ok) {
      // A record made by a run that had the key stays (a public checkout re-runs to the same
      // bytes); it cannot be re-checked here, which docs/SECURITY.md says. Otherwise: listed.
      if (sealedFiles.code !== 'suite-key-missing')
        unopened.push({ task: entry.id, code: sealedFiles.code });
      if (byTask.has(entry.id)) kept.push(entry.id);
      else locked.push({ task: entry.id, code: sealedFiles.code });
      progress.tick(`${entry.id} sealed`);
      return;
    }
    const { record: made, reused } = await scoreTask(entry, {
      sealed: sealedFiles?.files,
      options,
      sandbox,
      limits,
      harnessDigest: harness.digest,
      byTask,
      problems,
      suiteName: suite.manifest!.name,
      scorers,
      rescored,
    });
    // A hidden task's record is published with scores and counts only (docs/SECURITY.md).
    const record =
      suite.sealed?.tasks[entry.id] !== undefined ? redactHiddenStyleRecord(made) : made;
    if (!reused) await appendJsonl(resultsFile, StyleRecord, [record]);
    options.onTask?.({
      task: entry.id,
      status: record.status,
      reused,
      wallMs: Date.now() - started,
    });
    progress.tick(`${entry.id} ${record.status}`);
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(workers, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await runOne(next);
      }),
    );
  } finally {
    progress.stop();
  }
  for (const line of notScoredLines(suite.manifest.name, locked)) options.log?.(line);
  if (kept.length > 0)
    options.log?.(
      `kept the recorded scores of ${kept.length} hidden task(s) of ${suite.manifest.name} without re-scoring them (their criteria are sealed in ${SEALED_FILE} and this run cannot open them): ${kept.sort().join(', ')}`,
    );
  if (rescored.size > 0) {
    const count = [...rescored.values()].reduce((a, b) => a + b, 0);
    options.log?.(
      `rescored ${count} record(s) of style.jsonl made by ${[...rescored.keys()].sort().join('; ')}: this evaluator is ${describeScorers(scorers)}`,
    );
  }

  // 4. Canonical file, then the summary from what is on disk.
  await canonicalizeJsonl(resultsFile, StyleRecord, (r) => `${r.task}\u0000${r.submission}`);
  const { records } = await readJsonl(resultsFile, StyleRecord);
  const lockedIds = new Set(locked.map((l) => l.task));
  const taskIds = new Set(suite.taskDirs.map((t) => t.id).filter((t) => !lockedIds.has(t)));
  const mine = records.filter((r) => r.submission === manifest.id && taskIds.has(r.task));
  // Problem paths relative to the suites folder, so the summary's bytes do not depend on the checkout.
  const base = dirname(resolve(options.suiteDir));
  const portable = problems.map((p) => ({
    ...p,
    file: isAbsolute(p.file) ? relative(base, p.file) : p.file,
  }));
  const byId = (a: NotScoredTask, b: NotScoredTask) => compareCodeUnits(a.task, b.task);
  const summary = summarize(
    manifest,
    suite.manifest,
    [...taskIds],
    mine,
    portable,
    [...locked].sort(byId),
  );
  return unopened.length > 0 ? { ...summary, unopened: unopened.sort(byId) } : summary;
}

/**
 * The sealed files of a task whose folder has no criteria.json: opened with the key, or why they
 * cannot be (no key, wrong key, damaged or unreadable bundle); undefined when the task is not
 * sealed (its files are read from the folder).
 */
async function openSealed(
  entry: { id: string; dir: string },
  bundle: SealedBundle | null,
  bundleBroken: boolean,
  key: Buffer | null,
  suiteDir: string,
): Promise<ReturnType<typeof openTaskMaterial> | undefined> {
  if (!bundleBroken && !bundle?.tasks[entry.id]?.['criteria.json']) return undefined;
  const open = await readFile(join(entry.dir, 'criteria.json')).then(
    () => true,
    () => false,
  );
  if (open) return undefined;
  return openTaskMaterial(bundle, entry.id, key, join(suiteDir, SEALED_FILE), bundleBroken);
}

interface TaskContext {
  /** The task's files opened from the suite's sealed bundle, when it is sealed. */
  sealed: ReadonlyMap<string, Buffer> | undefined;
  options: EvaluateStyleSubmissionOptions;
  sandbox: Sandbox;
  limits: SandboxLimits;
  harnessDigest: string;
  byTask: Map<string, StyleRecord>;
  problems: Problem[];
  suiteName: string;
  scorers: RecordScorers;
  /** Records re-made because another scorer version made them: count per recorded versions. */
  rescored: Map<string, number>;
}

async function scoreTask(
  entry: { id: string; dir: string },
  ctx: TaskContext,
): Promise<{ record: StyleRecord; reused: boolean }> {
  const { manifest } = ctx.options;
  const base = { task: entry.id, submission: manifest.id };
  const zero = { S: 0, code: 0, vision: 0, defects: [] as Defect[], render: null };

  let task: LoadedStyleTask;
  try {
    task = await loadStyleTask(entry.dir, {
      sandbox: ctx.sandbox,
      limits: ctx.limits,
      sealed: ctx.sealed,
    });
  } catch (err) {
    if (!(err instanceof FigboardError) || err.code === 'sandbox-unavailable') throw err;
    ctx.problems.push({
      severity: 'error',
      rule: err.code,
      file: err.where ?? entry.dir,
      message: err.message,
      expected: err.expected,
      got: err.got,
      hint: err.hint,
    });
    const record: StyleRecord = {
      ...base,
      ...zero,
      split: await readSplit(entry.dir),
      status: 'failed',
      criteria: { met: 0, total: 0, details: [] },
      // Paths relative to the suite so the record's bytes do not depend on where the repo lives.
      failure: {
        code: 'task-invalid',
        message: err.describe().split(resolve(ctx.options.suiteDir)).join(ctx.suiteName),
      },
      scorers: ctx.scorers,
      inputHash: hashInputs({ scorers: ctx.scorers, task: entry.id, invalid: err.code }),
    };
    return { record, reused: false };
  }

  const scriptPath = join(ctx.options.submissionDir, 'artifacts', entry.id, 'figure.py');
  const script = await readCandidateScript(
    scriptPath,
    `artifacts/${entry.id}/figure.py`,
    ctx.options.submissionDir,
  );
  const inputHash = hashInputs({
    scorers: ctx.scorers,
    harness: ctx.harnessDigest,
    task: task.id,
    data: task.dataSha256,
    criteria: task.criteriaSha256,
    script: script.ok ? sha256(script.bytes) : script.reason,
    limits: ctx.limits,
  });
  const previous = ctx.byTask.get(entry.id);
  if (
    previous &&
    previous.inputHash === inputHash &&
    !(ctx.options.retryFailed && previous.status === 'failed')
  )
    return { record: previous, reused: true };
  if (previous && !sameScorers(previous.scorers, ctx.scorers))
    ctx.rescored.set(
      describeScorers(previous.scorers),
      (ctx.rescored.get(describeScorers(previous.scorers)) ?? 0) + 1,
    );

  const criteriaTotal = task.criteria.criteria.length;
  if (!script.ok) {
    const missing = script.reason === 'missing';
    const record: StyleRecord = {
      ...base,
      ...zero,
      split: task.split,
      status: missing ? 'missing' : 'failed',
      criteria: { met: 0, total: criteriaTotal, details: [] },
      failure: { code: missing ? 'missing' : 'invalid-script', message: script.message },
      scorers: ctx.scorers,
      inputHash,
    };
    return { record, reused: false };
  }
  const score = await scoreStyleCandidate({
    sandbox: ctx.sandbox,
    task,
    scriptPath,
    limits: ctx.limits,
  });
  const record: StyleRecord = {
    ...base,
    split: task.split,
    status: score.status,
    S: score.S,
    code: score.code,
    vision: score.vision,
    criteria: score.criteria,
    defects: score.defects,
    failure: score.failure,
    scorers: ctx.scorers,
    inputHash,
    render: score.render,
  };
  return { record, reused: false };
}

async function readSplit(dir: string): Promise<StyleSplit> {
  try {
    const json = JSON.parse(await readFile(join(dir, 'task.json'), 'utf8')) as { split?: unknown };
    return json.split === 'augmented' ? 'augmented' : 'hand-curated';
  } catch {
    return 'hand-curated';
  }
}

function means(records: StyleRecord[], total: number): Means {
  const sum = (pick: (r: StyleRecord) => number) => records.reduce((s, r) => s + pick(r), 0);
  const d = Math.max(1, total);
  return {
    tasks: total,
    S: round(sum((r) => r.S) / d, 2),
    code: round(sum((r) => r.code) / d, 2),
    vision: round(sum((r) => r.vision) / d, 2),
  };
}

function summarize(
  manifest: SubmissionManifest,
  suite: { name: string; version: string },
  taskIds: string[],
  records: StyleRecord[],
  problems: Problem[],
  notScored: NotScoredTask[],
): StyleSubmissionSummary {
  const byTask = new Map(records.map((r) => [r.task, r]));
  const missing = taskIds
    .filter((t) => !byTask.has(t) || byTask.get(t)!.status === 'missing')
    .sort();
  const failed = records
    .filter((r) => r.status === 'failed')
    .map((r) => ({ task: r.task, code: r.failure?.code ?? 'failed' }))
    .sort((a, b) => compareCodeUnits(a.task, b.task));
  const perSplit: StyleSubmissionSummary['perSplit'] = {};
  for (const split of ['hand-curated', 'augmented'] as const) {
    const inSplit = records.filter((r) => r.split === split);
    if (inSplit.length > 0) perSplit[split] = means(inSplit, inSplit.length);
  }
  const defects: Record<string, number> = {};
  for (const r of records) for (const d of r.defects) defects[d.kind] = (defects[d.kind] ?? 0) + 1;
  return {
    submission: manifest.id,
    track: 'style',
    suite: { name: suite.name, version: suite.version },
    tasks: {
      total: taskIds.length,
      ok: records.filter((r) => r.status === 'ok').length,
      missing,
      failed,
      sealed: notScored.map((n) => n.task),
      ...(notScored.length > 0 ? { notScored } : {}),
    },
    scores: means(records, taskIds.length),
    perSplit,
    defects: Object.fromEntries(Object.entries(defects).sort(([a], [b]) => compareCodeUnits(a, b))),
    resultsFile: 'results/style.jsonl',
    problems,
  };
}
