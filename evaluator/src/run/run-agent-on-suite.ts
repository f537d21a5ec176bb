import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Progress } from '../util/progress.ts';
import { UsageError } from '../errors/figboard-error.ts';
import type { Problem } from '../errors/problem.ts';
import { Id } from '../schemas/common.schema.ts';
import { sha256 } from '../util/sha256.ts';
import { readSubmissionManifest } from '../validate/read-submission-manifest.ts';
import { loadSuite } from '../suite/load-suite.ts';
import { trackFor } from '../tracks/registry.ts';
import type { AgentTask, AgentTaskInputs } from '../tracks/track.ts';
import type { AgentOutcome, AgentProcessPort } from './agent-process.ts';
import { buildSubmissionManifest } from './build-submission-manifest.ts';
import { checkRunRecord, templateFields } from './check-run-record.ts';
import { taskPrompt } from './task-prompt.ts';
import { writeSha256Sums } from './write-sha256sums.ts';

/** What `refig run` is asked to do. */
export interface RunAgentOptions {
  suiteDir: string;
  /** `submissions/<id>`: created if absent; the folder name is the submission id. */
  submissionDir: string;
  /** The submitter's identity fields (team, contact, model, harness, workflow, license, links). */
  manifest: { text: string; file: string };
  /** The agent command; `{prompt}`, `{prompt_file}`, `{input}`, `{out}`, `{task}`, `{work}` are replaced. */
  command: readonly string[];
  /** The command as the submitter typed it (recorded in `run.json`); default `command`. */
  commandAsTyped?: readonly string[];
  /** Run again the tasks whose folder has no primary output (only an error.log): after fixing the agent. */
  retryFailed?: boolean;
  /** Stop after this many consecutive failures with the same error (0: never stop early). */
  maxIdenticalFailures?: number;
  /**
   * The submitter's own instruction template (`{input}`, `{out}` placeholders); without it the
   * track's instruction named `workflow` (default: the track's default instruction).
   */
  prompt?: string;
  /** One of the track's named instructions (refig: `direct`, `specialized`; style: `figmirror`). */
  workflow?: string;
  /** Scratch folders, one per task (outside the submission: nothing here is submitted). */
  workDir: string;
  timeoutMs: number;
  jobs: number;
  /** Only these tasks (smoke tests); the rest stay missing and score 0. */
  tasks?: readonly string[];
  /** The run date for `submission.yml` (YYYY-MM-DD), when the template has none. */
  date: string;
  /** The agent's environment (the CLI passes its own; the runner adds the FIGBOARD_* variables). */
  env: Record<string, string | undefined>;
}

export interface RunAgentPorts {
  agent: AgentProcessPort;
  progress: Progress;
}

/** One task's run, as the runner reports it. */
export interface TaskRun {
  task: string;
  /** `ran`: the agent ran now; `kept`: an earlier run's artifacts were kept (one attempt per task). */
  status: 'ran' | 'kept';
  /** The track's primary output is there (refig: the deck `output.pptx`; style: `figure.py`). */
  deck: boolean;
  files: string[];
  /** Files the agent left in its output folder that a submission cannot hold (not copied). */
  ignored: string[];
  outcome: AgentOutcome | null;
  /** A task run now that failed: its error.log and what makes two failures "the same". */
  failure: { errorLog: string; signature: string } | null;
}

export interface RunAgentResult {
  id: string;
  submissionDir: string;
  runs: TaskRun[];
  /** Problems with the run itself (tasks without a deck, ignored files), never fatal. */
  problems: Problem[];
  /** Set when the run stopped after identical failures: the remaining tasks were not started. */
  stoppedEarly: { failures: number; task: string; errorLog: string } | null;
  /** Tasks not started because the run stopped early (the next run starts them). */
  notRun: string[];
  /** What the summary calls a task without the primary output (the track's `missingLabel`). */
  missingLabel: string;
}

/** Default for {@link RunAgentOptions.maxIdenticalFailures}: an agent that cannot start fails fast. */
export const DEFAULT_MAX_IDENTICAL_FAILURES = 5;
/** Where task outputs are assembled before they move into `artifacts/` (never half a folder there). */
const STAGING_DIR = '.refig-run-partial';

/** Stderr kept per task, and stdout when the track keeps none as an artifact. */
const MAX_STDERR_BYTES = 256 * 1024;
/** Beside the task folders: the runner's own capture of each agent's stdout and stderr. */
const CAPTURE_DIR = '.agent-output';

/**
 * The reference runner: runs ANY agent command once on every task of a suite of any track, the
 * way the track's paper ran its configurations. What the agent gets and must write is the track's
 * `agentTask` (evaluator/src/tracks/<track>/): refig (ReFigBench Appendix D) one input image and
 * an empty output folder, `output.pptx` plus the code that wrote it, stdout kept as the agent log
 * (`output.jsonl`); style (PlotTwin-Bench Appendix B.6) `reference.png` and `data.csv` in its
 * working directory, `figure.py` plus the `output.png` it draws. What the agent leaves in its
 * output folder is copied into `submissions/<id>/artifacts/<task>/` (only the files a submission
 * of the track may hold), a task without the primary output (deck, figure.py) gets an `error.log`
 * saying why, and at the end `SHA256SUMS` and `submission.yml` are written. The result is a
 * submission folder `refig validate` accepts.
 *
 * One attempt per task: a task that already has a deck or an `error.log` in the submission is
 * kept, so a stopped run resumes where it stopped and never runs a task twice (`retryFailed`
 * re-runs the tasks without a deck). A resume must use the suite, manifest and command recorded in
 * `run.json` at the first run; anything else is refused before an agent starts. After
 * `maxIdenticalFailures` consecutive failures with the same error the run stops (a broken agent
 * setup fails every task the same way) and reports the first error.log.
 *
 * Steps:
 * 1. suite, submission id, manifest and run record (checked before any agent runs)
 * 2. each task: fresh work folder → agent → copy its outputs (bounded parallelism)
 * 3. SHA256SUMS and submission.yml (not after an early stop: the folder is not done)
 */
export async function runAgentOnSuite(
  options: RunAgentOptions,
  ports: RunAgentPorts,
): Promise<RunAgentResult> {
  // 1. suite, id, manifest
  const suite = await loadSuite(options.suiteDir, { verifyHashes: false });
  if (!suite.manifest)
    throw new UsageError('cannot read the suite', {
      where: options.suiteDir,
      got: suite.problems[0]?.message ?? 'no suite.json',
      hint: 'pass --suite suites/<name>',
    });
  const agentTask = trackFor(suite.manifest.track, join(options.suiteDir, 'suite.json')).agentTask;
  const prompt = options.prompt ?? instructionFor(agentTask, options.workflow);
  const submissionDir = resolve(options.submissionDir);
  const id = basename(submissionDir);
  if (!Id.safeParse(id).success)
    throw new UsageError('the submission folder name is not a valid submission id', {
      where: options.submissionDir,
      expected: 'letters, digits, ".", "_" or "-" (at most 128 characters)',
      got: id,
    });
  const manifest = buildSubmissionManifest(options.manifest, {
    id,
    track: suite.manifest.track,
    suite: { name: suite.manifest.name, version: suite.manifest.version },
    date: options.date,
  });
  if (!manifest.text)
    throw new UsageError(
      `the manifest template has ${manifest.problems.length} problem(s): ${manifest.problems.map((p) => `${p.line ? `line ${p.line}: ` : ''}${p.message}`).join('; ')}`,
      {
        where: options.manifest.file,
        hint: 'see the template in docs/SUBMITTING.md (team, contact, model, harness, workflow, license)',
      },
    );
  const wanted = options.tasks ? new Set(options.tasks) : null;
  if (wanted) {
    const unknown = [...wanted].filter((t) => !suite.manifest!.tasks.includes(t));
    if (unknown.length > 0)
      throw new UsageError(`--tasks names tasks that are not in suite ${suite.manifest.name}`, {
        got: unknown.join(', '),
      });
  }
  const tasks = agentTask.tasks(suite).filter((t) => !wanted || wanted.has(t.id));
  const problems: Problem[] = suite.problems.filter((p) => p.severity === 'error');
  const display = options.submissionDir.replace(/\/+$/, '');
  await mkdir(submissionDir, { recursive: true });
  await checkRunRecord(submissionDir, display, {
    runner: 'refig run',
    suite: {
      name: suite.manifest.name,
      version: suite.manifest.version,
      tasksHash: sha256(suite.manifest.tasks.map((t) => `${t}\n`).join('')),
    },
    manifest: templateFields(
      readSubmissionManifest(options.manifest.text, options.manifest.file).raw,
    ),
    command: [...(options.commandAsTyped ?? options.command)],
    promptHash: sha256(prompt),
  });

  // 2. every task, at most `jobs` at a time, until K identical failures in a row
  const artifactsDir = join(submissionDir, 'artifacts');
  const stagingDir = join(submissionDir, STAGING_DIR);
  await rm(stagingDir, { recursive: true, force: true }); // a killed run's half-copied task
  await mkdir(artifactsDir, { recursive: true });
  ports.progress.start(tasks.length, `agent on ${suite.manifest.name}`);
  const runs: (TaskRun | undefined)[] = new Array(tasks.length);
  const limit = options.maxIdenticalFailures ?? DEFAULT_MAX_IDENTICAL_FAILURES;
  let streak: { signature: string; count: number; task: string; errorLog: string } | null = null;
  let stoppedEarly: RunAgentResult['stoppedEarly'] = null;
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !stoppedEarly) {
      const i = next++;
      const t = tasks[i]!;
      const run = await runTask(
        t,
        agentTask,
        prompt,
        artifactsDir,
        stagingDir,
        options,
        ports.agent,
      );
      runs[i] = run;
      ports.progress.tick(
        `${t.id} ${run.status === 'kept' ? 'kept' : 'ran'}: ${run.deck ? agentTask.primary : agentTask.missingLabel}`,
      );
      if (run.status !== 'ran') continue;
      if (run.deck || run.failure === null) {
        streak = null;
        continue;
      }
      if (streak?.signature === run.failure.signature) streak.count += 1;
      else
        streak = {
          signature: run.failure.signature,
          count: 1,
          task: t.id,
          errorLog: run.failure.errorLog,
        };
      if (limit > 0 && streak.count >= limit && !stoppedEarly)
        stoppedEarly = { failures: streak.count, task: streak.task, errorLog: streak.errorLog };
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(options.jobs, tasks.length)) }, worker),
    );
  } finally {
    ports.progress.stop();
  }
  await rm(stagingDir, { recursive: true, force: true });
  const done = runs.filter((r): r is TaskRun => r !== undefined);
  const notRun = tasks.filter((_, i) => runs[i] === undefined).map((t) => t.id);
  const noDeck = done.filter((r) => !r.deck).map((r) => r.task);
  // one line per task while few; one line for many (a broken agent fails them all alike)
  if (noDeck.length > 0 && noDeck.length <= 3)
    for (const task of noDeck)
      problems.push({
        severity: 'warning',
        rule: 'no-deck',
        file: `${display}/artifacts/${task}`,
        message: `the agent produced no ${agentTask.primary}; error.log says why (the task scores 0)`,
      });
  else if (noDeck.length > 3)
    problems.push({
      severity: 'warning',
      rule: 'no-deck',
      file: `${display}/artifacts`,
      message: `${noDeck.length} tasks have no ${agentTask.primary}; their error.log says why (they score 0): ${noDeck.slice(0, 5).join(', ')}${noDeck.length > 5 ? ', …' : ''}`,
    });
  for (const r of done) {
    const file = `${display}/artifacts/${r.task}`;
    for (const name of r.ignored)
      problems.push({
        severity: 'warning',
        rule: 'ignored-output',
        file: `${file}/${name}`,
        message: 'left in the output folder but not a submission file; not copied',
        expected: agentTask.outputs.map((f) => f.name).join(', '),
      });
  }

  // 3. SHA256SUMS over everything under artifacts/, then the manifest
  if (!stoppedEarly) {
    await writeSha256Sums(submissionDir);
    await writeFile(join(submissionDir, 'submission.yml'), manifest.text);
  }
  return {
    id,
    submissionDir,
    runs: done,
    problems,
    stoppedEarly,
    notRun,
    missingLabel: agentTask.missingLabel,
  };
}

/** The track's instruction of this name (default: the track's default), or a usage error listing them. */
function instructionFor(agentTask: AgentTask, workflow: string | undefined): string {
  const name = workflow ?? agentTask.defaultInstruction;
  const text = Object.hasOwn(agentTask.instructions, name)
    ? agentTask.instructions[name]
    : undefined;
  if (text === undefined)
    throw new UsageError(`--workflow ${name} is not an instruction of this suite's track`, {
      where: '--workflow',
      expected: Object.keys(agentTask.instructions).join(' | '),
      got: name,
      hint: 'or pass your own instruction with --prompt-file',
    });
  return text;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}

async function runTask(
  t: AgentTaskInputs,
  agentTask: AgentTask,
  template: string,
  artifactsDir: string,
  stagingDir: string,
  options: RunAgentOptions,
  agent: AgentProcessPort,
): Promise<TaskRun> {
  const task = t.id;
  const { primary } = agentTask;
  const target = join(artifactsDir, task);
  // one attempt per task: an earlier primary output or error.log is the attempt (--retry-failed: the output)
  const hasDeck = await exists(join(target, primary));
  if (hasDeck || (!options.retryFailed && (await exists(join(target, 'error.log'))))) {
    const files = (await readdir(target)).sort();
    return {
      task,
      status: 'kept',
      deck: hasDeck,
      files,
      ignored: [],
      outcome: null,
      failure: null,
    };
  }
  // the task folder holds the track's inputs, its scaffold and prompt.txt, nothing else: the
  // runner's capture of stdout and stderr lives beside it
  const work = resolve(options.workDir, task);
  const out = resolve(work, agentTask.outDir);
  const capture = resolve(options.workDir, CAPTURE_DIR, task);
  await rm(work, { recursive: true, force: true });
  await rm(capture, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await mkdir(capture, { recursive: true });
  const placed = new Set<string>();
  for (const f of t.inputs) {
    await copyFile(f.from, join(work, f.name));
    placed.add(join(work, f.name));
  }
  for (const [name, text] of Object.entries(agentTask.scaffold)) {
    await writeFile(join(work, name), text);
    placed.add(join(work, name));
  }
  const input = join(work, t.primaryInput);
  const prompt = taskPrompt(template, { input, out });
  const promptFile = join(work, 'prompt.txt');
  await writeFile(promptFile, `${prompt}\n`);
  placed.add(promptFile);
  const vars: Record<string, string> = {
    prompt,
    prompt_file: promptFile,
    input,
    out,
    task,
    work,
  };
  const argv = options.command.map((a) =>
    a.replace(/\{(prompt_file|prompt|input|out|task|work)\}/g, (_, k: string) => vars[k]!),
  );
  const stdoutPath = join(capture, 'stdout.jsonl');
  const stderrPath = join(capture, 'stderr.log');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.env)) if (v !== undefined) env[k] = v;
  Object.assign(env, {
    FIGBOARD_TASK: task,
    FIGBOARD_INPUT: input,
    FIGBOARD_OUT: out,
    FIGBOARD_PROMPT: prompt,
    FIGBOARD_PROMPT_FILE: promptFile,
  });
  const allowed = new Map(agentTask.outputs.map((f) => [f.name, f] as const));
  const log = agentTask.stdoutAs ? allowed.get(agentTask.stdoutAs) : undefined;
  const outcome = await agent.run({
    argv,
    cwd: work,
    env,
    timeoutMs: options.timeoutMs,
    stdoutPath,
    stderrPath,
    maxStdoutBytes: log?.maxBytes ?? MAX_STDERR_BYTES,
    maxStderrBytes: MAX_STDERR_BYTES,
  });

  // copy what a submission may hold; the agent's own log file wins over its stdout. The copy is
  // assembled beside artifacts/ and moved in whole, so a killed run never leaves half a task there.
  const staged = join(stagingDir, task);
  await rm(staged, { recursive: true, force: true });
  await mkdir(staged, { recursive: true });
  const produced = (await readdir(out, { withFileTypes: true }).catch(() => []))
    .map((d) => ({ name: d.name, file: d.isFile() }))
    .filter((d) => !placed.has(join(out, d.name)))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  const files: string[] = [];
  const ignored: string[] = [];
  const nonEmpty = async (p: string) => ((await stat(p).catch(() => null))?.size ?? 0) > 0;
  const written = new Set(produced.filter((f) => f.file).map((f) => f.name));
  const dropped = new Set(
    agentTask.exclusive
      .filter(([keep, drop]) => written.has(keep) && written.has(drop))
      .map(([, d]) => d),
  );
  for (const f of produced) {
    if (
      !allowed.has(f.name) ||
      !f.file ||
      dropped.has(f.name) ||
      !(await nonEmpty(join(out, f.name)))
    ) {
      ignored.push(f.name);
      continue;
    }
    await copyFile(join(out, f.name), join(staged, f.name));
    files.push(f.name);
  }
  if (agentTask.stdoutAs && !files.includes(agentTask.stdoutAs) && outcome.stdoutBytes > 0) {
    await copyFile(stdoutPath, join(staged, agentTask.stdoutAs));
    files.push(agentTask.stdoutAs);
  }
  const deck = files.includes(primary);
  if (!deck && !files.includes('error.log')) {
    await writeFile(
      join(staged, 'error.log'),
      errorLog(argv, outcome, await tail(stderrPath), primary),
    );
    files.push('error.log');
  }
  await rm(target, { recursive: true, force: true });
  await rename(staged, target);
  let failure: TaskRun['failure'] = null;
  if (!deck) {
    const text = await readFile(join(target, 'error.log'), 'utf8').catch(() => '');
    failure = { errorLog: text, signature: failureSignature(text, { task, work }) };
  }
  return { task, status: 'ran', deck, files: files.sort(), ignored, outcome, failure };
}

/** An error.log without what differs between tasks failing alike: paths, the task id, durations. */
function failureSignature(text: string, p: { task: string; work: string }): string {
  return text
    .replaceAll(p.work, '{work}')
    .replaceAll(p.task, '{task}')
    .replace(/\d+(\.\d+)? ?(s|ms)\b/g, 'N s');
}

async function tail(path: string, bytes = 8192): Promise<string> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text.length > bytes ? `…${text.slice(-bytes)}` : text;
}

/** What went wrong, for a task folder without its primary output (plain text, never empty). */
function errorLog(
  argv: readonly string[],
  o: AgentOutcome,
  stderr: string,
  primary: string,
): string {
  const how = o.spawnError
    ? `the agent command could not start: ${o.spawnError}`
    : o.timedOut
      ? `the agent was stopped after the time limit (${Math.round(o.durationMs / 1000)} s)`
      : `the agent exited with code ${o.code ?? 'none'}${o.signal ? ` (signal ${o.signal})` : ''} after ${Math.round(o.durationMs / 1000)} s without writing ${primary}`;
  // the first line says what happened: validate and the scorecard quote it
  return `no ${primary}: ${how}\n(written by the FigBoard reference runner)\ncommand: ${argv[0] ?? ''}\n${stderr ? `\nstderr (last part):\n${stderr}\n` : ''}`;
}
