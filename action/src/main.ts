import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { LoadedConfig } from '@figboard/evaluator/config';
import type { EvaluatePorts } from '@figboard/evaluator/evaluate';
import { evaluateSubmission } from '@figboard/evaluator/evaluate';
import { FigboardError, UsageError } from '@figboard/evaluator/errors';
import { RefigSummary } from '@figboard/evaluator/schemas';
import { ValidationReport, type ProblemRecord } from '@figboard/evaluator/schemas';
import { loadSuite } from '@figboard/evaluator/suite';
import { stableStringify } from '@figboard/evaluator/util';
import { parseChangedFiles } from '@figboard/evaluator/validate';
import type { ArchiveFetcher } from '@figboard/evaluator/validate';
import { loadSubmissionManifest } from '@figboard/evaluator/validate';
import { defaultSuiteDir } from '@figboard/evaluator/suite';
import { submissionIdsFromPaths } from '@figboard/evaluator/validate';
import { toValidationReport } from '@figboard/evaluator/validate';
import { validateSubmission } from '@figboard/evaluator/validate';
import { buildResultsBundle } from './build-results-bundle.ts';
import { formatJobSummary, type SubmissionOutcome } from './format-job-summary.ts';
import type { ActionInput } from './input.schema.ts';
import { mergeShardResults } from './merge-shard-results.ts';
import { carryOverResults, RESULT_FILES, RESULTS_DIR } from '@figboard/evaluator/results';
import { tasksForShard } from './shard-tasks.ts';
import { ACTION_TRACKS } from './tracks/index.ts';

/** Side effects `main` needs, given by the runner (tests pass the same real ones). */
export interface ActionDeps {
  /** The workspace (repository checkout); relative inputs resolve against it. */
  cwd: string;
  log: (line: string) => void;
  /** One annotation per validation problem (the runner maps it to `core.error`/`core.warning`). */
  annotate: (problem: ProblemRecord) => void;
  loadConfig: (file: string | undefined) => Promise<LoadedConfig>;
  ports: () => EvaluatePorts;
  fetcher?: ArchiveFetcher;
}

export interface ActionResult {
  /** `<output-dir>`, holding `<id>/results/` and `validation/<id>.json`. */
  resultsPath: string;
  outcomes: SubmissionOutcome[];
  /** False when any submission has a validation error. */
  valid: boolean;
  /** Job summary markdown. */
  markdown: string;
}

/**
 * The Action's pipeline, one numbered step per line:
 *   evaluate: 1 validate → 2 shard → 3 evaluate → 4 summarise
 *   merge:    1 merge shard outputs → 2 summarise
 *   bundle:   1 results bundle for the bot → 2 summarise
 */
export async function main(input: ActionInput, deps: ActionDeps): Promise<ActionResult> {
  const out = resolve(deps.cwd, input.outputDir);
  if (input.mode === 'merge') {
    const outcomes = await mergeStep(input, deps, out); // 1
    return summarise(out, outcomes, 'FigBoard: merged shard results'); // 2
  }
  if (input.mode === 'bundle') {
    const outcomes = await bundleStep(input, deps, out); // 1
    return summarise(out, outcomes, 'FigBoard: results bundle'); // 2
  }
  const validated = await validateStep(input, deps, out); // 1
  const shards = await shardStep(input, validated); // 2
  const outcomes = await evaluateStep(input, deps, out, shards); // 3
  return summarise(
    out,
    outcomes,
    input.shardCount > 1
      ? `FigBoard: shard ${input.shardIndex + 1} of ${input.shardCount}`
      : 'FigBoard: submission check',
  ); // 4
}

interface Validated {
  dir: string;
  report: ValidationReport;
}

/** Step 1: validate every submission, annotate each problem, keep the reports next to the results. */
async function validateStep(
  input: ActionInput,
  deps: ActionDeps,
  out: string,
): Promise<Validated[]> {
  const changed = input.changedFiles
    ? parseChangedFiles(await readFile(resolve(deps.cwd, input.changedFiles), 'utf8'))
    : undefined;
  const dirs = submissionDirs(input, changed);
  const validated: Validated[] = [];
  for (const dir of dirs) {
    const report = toValidationReport(
      await validateSubmission({
        dir: resolve(deps.cwd, dir),
        display: dir,
        ...(input.suite ? { suiteDir: resolve(deps.cwd, input.suite) } : {}),
        ...(changed ? { changedFiles: changed } : {}),
        author:
          input.authorId === null
            ? null
            : {
                account: {
                  id: input.authorId,
                  login: input.authorLogin || `user-${input.authorId}`,
                },
                maintainer: input.authorMaintainer,
              },
        ...(input.ownership ? { ownershipFile: resolve(deps.cwd, input.ownership) } : {}),
        // Outside output-dir, so a downloaded archive is not uploaded again with the results.
        ...(deps.fetcher
          ? { fetcher: deps.fetcher, cacheDir: join(deps.cwd, '.cache', 'figboard', 'archives') }
          : {}),
      }),
    );
    for (const p of [...report.errors, ...report.warnings]) deps.annotate(p);
    deps.log(
      `${dir}: ${report.valid ? 'valid' : 'not valid'} (${report.errors.length} errors, ${report.warnings.length} warnings)`,
    );
    await mkdir(join(out, 'validation'), { recursive: true });
    await writeFile(
      join(out, 'validation', `${report.id}.json`),
      `${stableStringify(report, 2)}\n`,
    );
    validated.push({ dir, report });
  }
  return validated;
}

/** Submission folders from the input, or (`auto`) from the changed-files list. */
function submissionDirs(input: ActionInput, changed: string[] | undefined): string[] {
  if (input.submissions.length === 1 && input.submissions[0] === 'auto') {
    if (!changed)
      throw new UsageError('submissions: auto needs changed-files', {
        where: 'submissions',
        expected: 'a list of folders, or auto with changed-files',
      });
    return submissionIdsFromPaths(changed).map((id) => `submissions/${id}`);
  }
  return input.submissions.map((s) => s.replace(/\/+$/, ''));
}

interface ShardPlan extends Validated {
  suiteDir: string;
  /** Suite tasks that load, sorted (the summary's denominator). */
  allTasks: string[];
  tasks: string[];
}

/** Step 2: the tasks of this shard for each valid submission (by a stable hash of the task id). */
async function shardStep(
  input: ActionInput,
  validated: Validated[],
): Promise<(ShardPlan | Validated)[]> {
  const plans: (ShardPlan | Validated)[] = [];
  for (const v of validated) {
    if (!v.report.valid) {
      plans.push(v);
      continue;
    }
    const suiteDir = input.suite ? input.suite : defaultSuiteDir(v.dir, v.report.suite!);
    const allTasks = await suiteTaskIds(suiteDir);
    plans.push({
      ...v,
      suiteDir,
      allTasks,
      tasks: tasksForShard(allTasks, input.shardIndex, input.shardCount),
    });
  }
  return plans;
}

/** Step 3: evaluate each valid submission on its shard's tasks, into `<output-dir>/<id>/results/`. */
async function evaluateStep(
  input: ActionInput,
  deps: ActionDeps,
  out: string,
  plans: (ShardPlan | Validated)[],
): Promise<SubmissionOutcome[]> {
  const outcomes: SubmissionOutcome[] = [];
  const config = plans.some((p) => 'tasks' in p)
    ? await deps.loadConfig(input.config || undefined)
    : null;
  for (const plan of plans) {
    if (!('tasks' in plan)) {
      outcomes.push({
        id: plan.report.id,
        validation: plan.report,
        summary: null,
        shardTasks: null,
      });
      continue;
    }
    const id = plan.report.id;
    const submissionDir = resolve(deps.cwd, plan.dir);
    const dest = join(out, id, RESULTS_DIR);
    await rm(dest, { recursive: true, force: true });
    const sharded = input.shardCount > 1;
    // Committed records of this shard's tasks come along, so unchanged work is reused (no judge
    // calls) and the shard's folder holds its own tasks' records only.
    await carryOverResults(
      join(submissionDir, RESULTS_DIR),
      dest,
      new Set(plan.tasks),
      plan.report.track ?? 'refig',
    );
    deps.log(
      `${id}: evaluating ${plan.tasks.length} of ${plan.allTasks.length} tasks (shard ${input.shardIndex + 1}/${input.shardCount})`,
    );
    const extracted = plan.report.archive?.extractedDir;
    const outcome = await evaluateSubmission(
      {
        submissionDir,
        suiteDir: resolve(deps.cwd, plan.suiteDir),
        resultsDir: dest,
        ...(sharded ? { tasks: plan.tasks } : {}),
        // an archive's artifacts: the folder the validator fetched, verified and unpacked
        ...(extracted ? { artifactsDir: join(extracted, 'artifacts') } : {}),
        config: config!,
        ...(input.judges.length ? { judges: input.judges } : {}),
        workers: input.workers,
      },
      deps.ports(),
    );
    // A suite key that does not open the bundle (a wrong or rotated secret) or a damaged bundle
    // fails the job: a trusted run must never publish an entry without its hidden tasks.
    if (outcome.unopened.length > 0)
      throw new FigboardError(
        `${id}: the suite key could not open ${outcome.unopened.length} hidden task(s): ${outcome.unopened.map((u) => `${u.task} (${u.code})`).join(', ')}`,
        {
          code: 'suite-key-unusable',
          where: 'FIGBOARD_SUITE_KEY',
          expected: 'the key suites/<name>/sealed.json was sealed with, and an undamaged bundle',
          hint: 'check the repository secret FIGBOARD_SUITE_KEY; refig suite verify DIR with the key names the cause',
        },
      );
    await writeFile(
      join(out, id, 'shard.json'),
      `${stableStringify({ index: input.shardIndex, count: input.shardCount, tasks: plan.tasks }, 2)}\n`,
    );
    const summary = RefigSummary.safeParse(outcome.summary);
    outcomes.push({
      id,
      validation: plan.report,
      summary: summary.success ? summary.data : null,
      shardTasks: plan.tasks.length,
    });
  }
  return outcomes;
}

/** Merge step: every `<shard>/<id>/results/` into `<output-dir>/<id>/results/`. */
async function mergeStep(
  input: ActionInput,
  deps: ActionDeps,
  out: string,
): Promise<SubmissionOutcome[]> {
  const roots = await expandDirs(input.shardDirs.map((d) => resolve(deps.cwd, d)));
  if (roots.length === 0)
    throw new UsageError('no shard folders to merge', {
      where: 'shard-dirs',
      expected: 'folders holding <id>/results/ from each shard',
    });
  const ids = new Set<string>();
  for (const r of roots)
    for (const e of await readdir(r, { withFileTypes: true }))
      if (e.isDirectory() && (await isDir(join(r, e.name, RESULTS_DIR)))) ids.add(e.name);
  const config = await deps.loadConfig(input.config || undefined);
  const outcomes: SubmissionOutcome[] = [];
  for (const id of [...ids].sort()) {
    const subDir = resolve(
      deps.cwd,
      input.submissions.find((s) => basename(s.replace(/\/+$/, '')) === id) ??
        join('submissions', id),
    );
    const manifest = await loadSubmissionManifest(
      subDir,
      'the merge step needs the manifest the shards evaluated',
    );
    const suiteDir = input.suite
      ? resolve(deps.cwd, input.suite)
      : defaultSuiteDir(subDir, manifest.suite.name);
    const tasks = await suiteTaskIds(suiteDir);
    const shardDirs = [];
    for (const r of roots)
      if (await isDir(join(r, id, RESULTS_DIR))) shardDirs.push(join(r, id, RESULTS_DIR));
    const summary = await mergeShardResults({
      shardResultDirs: shardDirs,
      outResultsDir: join(out, id, RESULTS_DIR),
      manifest,
      tasks,
      config,
    });
    let validation: ValidationReport | null = null;
    for (const r of roots) {
      const text = await readFile(join(r, 'validation', `${id}.json`), 'utf8').catch(() => null);
      if (text) {
        validation = ValidationReport.parse(JSON.parse(text));
        await mkdir(join(out, 'validation'), { recursive: true });
        await writeFile(join(out, 'validation', `${id}.json`), text);
        break;
      }
    }
    deps.log(`${id}: merged ${shardDirs.length} shards`);
    outcomes.push({ id, validation, summary, shardTasks: null });
  }
  return outcomes;
}

/** Bundle step: the results bundle the bot turns into the scorecard comment. */
async function bundleStep(
  input: ActionInput,
  deps: ActionDeps,
  out: string,
): Promise<SubmissionOutcome[]> {
  if (!input.prNumber || !input.headSha)
    throw new UsageError('bundle mode needs pr-number and head-sha', {
      where: 'pr-number, head-sha',
    });
  const config = await deps.loadConfig(input.config || undefined);
  const changed = input.changedFiles
    ? parseChangedFiles(await readFile(resolve(deps.cwd, input.changedFiles), 'utf8'))
    : undefined;
  const ids = submissionDirs(input, changed).map((s) => basename(s));
  const bundleDir = join(out, 'bundle');
  const notes = input.untrustedDir
    ? await compareWithUntrusted(ids, out, resolve(deps.cwd, input.untrustedDir))
    : [];
  await buildResultsBundle({
    repoDir: deps.cwd,
    resultsRoot: out,
    ids,
    pr: { number: input.prNumber, headSha: input.headSha },
    llmJudged: input.llmJudged,
    runUrl: input.runUrl || null,
    notes,
    config,
    outDir: bundleDir,
  });
  deps.log(`results bundle written to ${bundleDir}`);
  const outcomes: SubmissionOutcome[] = [];
  for (const id of ids) {
    const validation = await readFile(join(out, 'validation', `${id}.json`), 'utf8')
      .then((t) => ValidationReport.parse(JSON.parse(t)))
      .catch(() => null);
    const summary = await readFile(join(out, id, RESULTS_DIR, RESULT_FILES.summary), 'utf8')
      .then((t) => RefigSummary.safeParse(JSON.parse(t)))
      .catch(() => null);
    outcomes.push({
      id,
      validation,
      summary: summary?.success ? summary.data : null,
      shardTasks: null,
    });
  }
  return outcomes;
}

/**
 * The pull request's own run is untrusted (a PR can change its workflow), so its numbers are
 * never used — only compared: every judge mean it reported that differs from the trusted
 * re-derivation becomes a note in the comment.
 */
async function compareWithUntrusted(
  ids: string[],
  trustedOut: string,
  untrustedOut: string,
): Promise<string[]> {
  const notes: string[] = [];
  const read = async (dir: string, id: string) => {
    const text = await readFile(join(dir, id, RESULTS_DIR, RESULT_FILES.summary), 'utf8').catch(
      () => null,
    );
    if (text === null) return null;
    try {
      const parsed = RefigSummary.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  for (const id of ids) {
    const trusted = await read(trustedOut, id);
    const untrusted = await read(untrustedOut, id);
    if (!trusted || !untrusted) continue;
    for (const j of trusted.judges) {
      const u = untrusted.judges.find((x) => x.id === j.id);
      if (u && u.mean !== null && j.mean !== null && Math.abs(u.mean - j.mean) > 1e-6) {
        notes.push(
          `${id}: the pull request's own run reported a ${j.id} mean of ${u.mean.toFixed(2)}, the trusted re-derivation ${j.mean.toFixed(2)}; only the trusted numbers are used.`,
        );
      }
    }
  }
  return notes;
}

function summarise(out: string, outcomes: SubmissionOutcome[], heading: string): ActionResult {
  return {
    resultsPath: out,
    outcomes,
    valid: outcomes.every((o) => o.validation?.valid ?? true),
    markdown: formatJobSummary(outcomes, heading),
  };
}

/** Folders, with a trailing `/*` expanded to the folder's subfolders (sorted). */
async function expandDirs(patterns: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of patterns) {
    if (p.endsWith('/*')) {
      const parent = p.slice(0, -2);
      const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
      for (const e of entries
        .filter((x) => x.isDirectory())
        .sort((a, b) => (a.name < b.name ? -1 : 1)))
        out.push(join(parent, e.name));
    } else if (await isDir(p)) out.push(p);
  }
  return out;
}

/**
 * The suite's tasks as the evaluate pipeline sees them (its track's `suiteTaskIds`), sorted.
 * Sharding and merging both use this list, so a broken task is left out the same way in every job.
 */
async function suiteTaskIds(suiteDir: string): Promise<string[]> {
  const suite = await loadSuite(suiteDir);
  return ACTION_TRACKS[suite.manifest?.track ?? 'refig'].suiteTaskIds(suite).sort();
}

async function isDir(p: string): Promise<boolean> {
  return (await stat(p).catch(() => null))?.isDirectory() ?? false;
}
